#include <isa-l/igzip_lib.h>

// The level buffer ISA-L suggests for `level` (0 needs none); its size macros are expressions
// Swift does not import.
static inline unsigned designable_isal_level_buffer_size(unsigned level) {
    switch (level) {
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return 0;
    }
}
