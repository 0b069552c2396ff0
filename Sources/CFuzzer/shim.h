#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver, in its runtime (linked by -sanitize=fuzzer). SwiftPM renames an executable's
   entry point, so libFuzzer's own main is never used: designable-fuzz's main calls this instead.
   Declared here, not with @_silgen_name, so it is called with the C convention. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
