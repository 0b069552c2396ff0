#include <zlib.h>

/* deflateInit2 is a macro that passes the library's version and stream size. */
static inline int czlib_deflate_init(z_stream *stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}
