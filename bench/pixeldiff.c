/*
 * pixeldiff A.png B.png TOLERANCE: how many pixels of two same-sized PNGs differ by more than
 * TOLERANCE (0-255) in any channel. The benchmark uses it to check that Designable, the C floor
 * and rsvg-convert drew the same picture before their times are compared. ImageMagick's compare
 * would do, but its default resource policy refuses the 78-megapixel renders.
 *
 * Prints JSON: {"pixels": N, "differing": N, "max_channel_difference": N}.
 */
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static cairo_surface_t *read_png(const char *path) {
    cairo_surface_t *surface = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "pixeldiff: %s: %s\n", path, cairo_status_to_string(cairo_surface_status(surface)));
        exit(1);
    }
    return surface;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: pixeldiff A.png B.png TOLERANCE\n");
        return 64;
    }
    int tolerance = atoi(argv[3]);
    cairo_surface_t *a = read_png(argv[1]), *b = read_png(argv[2]);
    int width = cairo_image_surface_get_width(a), height = cairo_image_surface_get_height(a);
    if (width != cairo_image_surface_get_width(b) || height != cairo_image_surface_get_height(b)) {
        fprintf(stderr, "pixeldiff: the images differ in size\n");
        return 1;
    }
    /* Both are read in the same format (RGB24 or ARGB32 for these opaque renders), so words compare. */
    int stride_a = cairo_image_surface_get_stride(a), stride_b = cairo_image_surface_get_stride(b);
    const unsigned char *data_a = cairo_image_surface_get_data(a), *data_b = cairo_image_surface_get_data(b);
    long long differing = 0;
    int worst = 0;
    for (int y = 0; y < height; y++) {
        const uint32_t *row_a = (const uint32_t *)(data_a + (size_t)y * stride_a);
        const uint32_t *row_b = (const uint32_t *)(data_b + (size_t)y * stride_b);
        for (int x = 0; x < width; x++) {
            uint32_t p = row_a[x], q = row_b[x];
            if (p == q) continue;
            int largest = 0;
            for (int shift = 0; shift < 32; shift += 8) {
                int d = abs((int)((p >> shift) & 0xFF) - (int)((q >> shift) & 0xFF));
                if (d > largest) largest = d;
            }
            if (largest > worst) worst = largest;
            if (largest > tolerance) differing++;
        }
    }
    printf("{\"pixels\": %lld, \"differing\": %lld, \"max_channel_difference\": %d}\n",
           (long long)width * height, differing, worst);
    return 0;
}
