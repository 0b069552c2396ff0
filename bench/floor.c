/*
 * The floor: what a careful C program pays to draw a benchmark scene with Cairo, Pango and
 * librsvg, so Designable's in-process render time has something to be compared with.
 *
 * It draws what Designable's FancyButton draws: the background gradient in the rounded rectangle,
 * the icon (a template image: its alpha filled with the tint), the Pango title, then the border
 * inside the bounds as an even-odd ring. It does what Designable's caches do, and no more work
 * than it must: each title is shaped once into a PangoLayout and reused, each gradient is made
 * once, the icon is rasterised once at the device size, and one ARGB32 surface is reused (cleared
 * to the background) for every frame.
 *
 * Two ways to draw the same pixels (--variant):
 *   clip    Designable's calls in Designable's order: clip to the rounded rectangle, fill the
 *           bounds with the gradient, draw the icon and title inside the clip, restore.
 *   direct  the cheapest way plain C has: fill the rounded path with the gradient itself, then the
 *           icon and title with no clip and no save/restore (they lie inside the rounded
 *           rectangle, so the clip changed no pixel), then the ring. Cairo then never builds a
 *           clip mask per button.
 * The benchmark times both and holds Designable to the faster.
 *
 *   floor SCENE.txt --measure                                          print each title's width, height and baseline in points
 *   floor SCENE.txt --scale S --frames N [--variant V] [--png OUT]     time N frames after a cold one; print JSON
 *   floor SCENE.txt --scale S --window                                 a first frame in an X window; print JSON
 *
 * --window is the floor of a start: a new process that opens the display, makes a window the size
 * Designable's preview makes for the scene (the canvas, at most 9/10 of the screen each way),
 * shapes the titles of the buttons inside it and draws them the direct way into a shared-memory
 * image while the server maps the window, waits for the window's first Expose (as the preview
 * does) and puts the image, then prints the CLOCK_MONOTONIC time at which the server had it
 * ("t_mono_ns"). One thread, no caches kept between runs: what any program drawing this scene
 * with Cairo, Pango and librsvg in an X window pays before its first frame is on screen.
 *
 * SCENE.txt is written by scenes.py: "canvas W H #bg", "font DESC", "icon PATH #tint", then one
 * tab-separated "button" line per button with the title last.
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <cairo.h>
#include <librsvg/rsvg.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { double r, g, b; } Color;

typedef struct {
    double x, y, width, height, radius, border_width;
    Color border, title_color, gradient_start, gradient_end;
    int has_icon;
    char *title;
    cairo_pattern_t *gradient;
    PangoLayout *layout;
    double title_x, title_y, icon_x, icon_y; /* laid out once, in points */
} Button;

typedef struct {
    double width, height;
    Color background, tint;
    char font[256], icon_path[4096];
    Button *buttons;
    size_t count;
} Scene;

static void fail(const char *message, const char *detail) {
    fprintf(stderr, "floor: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

static Color parse_color(const char *hex) {
    unsigned value = 0;
    if (hex[0] != '#' || strlen(hex) != 7 || sscanf(hex + 1, "%6x", &value) != 1) fail("bad colour", hex);
    return (Color){((value >> 16) & 0xFF) / 255.0, ((value >> 8) & 0xFF) / 255.0, (value & 0xFF) / 255.0};
}

/* Splits `line` at tabs in place; returns the number of fields (at most `max`). */
static int split_tabs(char *line, char **fields, int max) {
    int count = 0;
    line[strcspn(line, "\n")] = 0;
    while (count < max) {
        fields[count++] = line;
        char *tab = strchr(line, '\t');
        if (!tab) break;
        *tab = 0;
        line = tab + 1;
    }
    return count;
}

static void read_scene(const char *path, Scene *scene) {
    FILE *file = fopen(path, "r");
    if (!file) fail("cannot open", path);
    size_t capacity = 256;
    scene->buttons = calloc(capacity, sizeof(Button));
    char line[8192];
    char *f[16];
    while (fgets(line, sizeof line, file)) {
        int n = split_tabs(line, f, 16);
        if (!strcmp(f[0], "canvas") && n == 4) {
            scene->width = atof(f[1]);
            scene->height = atof(f[2]);
            scene->background = parse_color(f[3]);
        } else if (!strcmp(f[0], "font") && n == 2) {
            snprintf(scene->font, sizeof scene->font, "%s", f[1]);
        } else if (!strcmp(f[0], "icon") && n == 3) {
            snprintf(scene->icon_path, sizeof scene->icon_path, "%s", f[1]);
            scene->tint = parse_color(f[2]);
        } else if (!strcmp(f[0], "button") && n == 13) {
            if (scene->count == capacity) {
                capacity *= 2;
                scene->buttons = realloc(scene->buttons, capacity * sizeof(Button));
                if (!scene->buttons) fail("out of memory", NULL);
            }
            Button *b = &scene->buttons[scene->count];
            memset(b, 0, sizeof *b);
            b->x = atof(f[1]); b->y = atof(f[2]); b->width = atof(f[3]); b->height = atof(f[4]);
            b->radius = atof(f[5]); b->border_width = atof(f[6]);
            b->border = parse_color(f[7]);
            b->gradient_start = parse_color(f[8]);
            b->gradient_end = parse_color(f[9]);
            b->title_color = parse_color(f[10]);
            b->has_icon = atoi(f[11]);
            b->title = strdup(f[12]);
            scene->count++;
        } else {
            fail("unreadable scene line", f[0]);
        }
    }
    fclose(file);
    if (scene->width <= 0 || scene->height <= 0 || !scene->font[0] || !scene->icon_path[0]) fail("incomplete scene", path);
}

/* A Pango context set up as Designable's TextEngine sets its own: a point a pixel at 1x (72 dpi),
 * metrics not hinted and glyph positions not rounded, so a layout measures the same at every scale. */
static PangoContext *make_text_context(void) {
    PangoContext *context = pango_font_map_create_context(pango_cairo_font_map_get_default());
    pango_cairo_context_set_resolution(context, 72);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);
    return context;
}

static PangoLayout *make_layout(PangoContext *context, PangoFontDescription *font, const char *text,
                                double *width, double *height, double *baseline) {
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_single_paragraph_mode(layout, TRUE);
    pango_layout_set_text(layout, text, -1);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    *width = (double)logical.width / PANGO_SCALE;
    *height = (double)logical.height / PANGO_SCALE;
    *baseline = (double)pango_layout_get_baseline(layout) / PANGO_SCALE;
    return layout;
}

/* Designable's rounded rectangle: circular corners, the radius clamped to half the shorter side. */
static void rounded_rectangle(cairo_t *cr, double x, double y, double w, double h, double radius) {
    double r = radius;
    if (r > w / 2) r = w / 2;
    if (r > h / 2) r = h / 2;
    if (r <= 0) {
        cairo_rectangle(cr, x, y, w, h);
        return;
    }
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
}

/* The icon drawn by librsvg once for the whole run, at its own size in points times the scale,
 * rounded to whole pixels, as Designable rasterises an SVG; `points` gets its width in points. */
static cairo_surface_t *rasterise_icon(const char *path, double scale, double *points) {
    GError *error = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_file(path, &error);
    if (!handle) fail("cannot read the icon", error ? error->message : path);
    rsvg_handle_set_dpi(handle, 96);
    double width = 24, height = 24;
    rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height);
    *points = width;
    int pixels_wide = (int)(width * scale + 0.5), pixels_high = (int)(height * scale + 0.5);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixels_wide, pixels_high);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, pixels_wide, pixels_high};
    if (!rsvg_handle_render_document(handle, cr, &viewport, &error)) fail("cannot draw the icon", error->message);
    cairo_destroy(cr);
    g_object_unref(handle);
    return surface;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void draw_background(cairo_t *cr, const Scene *scene) {
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(cr, scene->background.r, scene->background.g, scene->background.b);
    cairo_paint(cr);
    cairo_restore(cr);
}

/* The icon as a template: the tint through the icon's alpha, the icon at its size in points. */
static void draw_icon(cairo_t *cr, const Scene *scene, const Button *b, cairo_surface_t *icon, double icon_points) {
    cairo_matrix_t saved;
    cairo_get_matrix(cr, &saved);
    cairo_set_source_rgb(cr, scene->tint.r, scene->tint.g, scene->tint.b);
    cairo_translate(cr, b->icon_x, b->icon_y);
    double pixel_scale = cairo_image_surface_get_width(icon) / icon_points;
    cairo_scale(cr, 1 / pixel_scale, 1 / pixel_scale);
    cairo_mask_surface(cr, icon, 0, 0);
    cairo_set_matrix(cr, &saved);
}

/* The border inside the bounds: the rounded rectangle less the one inset by the border's width. */
static void draw_ring(cairo_t *cr, const Button *b) {
    double inset = b->border_width;
    if (inset > b->width / 2) inset = b->width / 2;
    if (inset > b->height / 2) inset = b->height / 2;
    cairo_set_source_rgb(cr, b->border.r, b->border.g, b->border.b);
    cairo_new_path(cr);
    rounded_rectangle(cr, b->x, b->y, b->width, b->height, b->radius);
    rounded_rectangle(cr, b->x + inset, b->y + inset, b->width - 2 * inset, b->height - 2 * inset,
                      b->radius - inset > 0 ? b->radius - inset : 0);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    cairo_fill(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
}

/* One frame on `cr`, whose matrix already maps points to pixels, as Designable draws it:
 * clip to the rounded rectangle, then fill the bounds. */
static void draw_frame_clip(cairo_t *cr, const Scene *scene, cairo_surface_t *icon, double icon_points) {
    draw_background(cr, scene);
    for (size_t i = 0; i < scene->count; i++) {
        const Button *b = &scene->buttons[i];
        if (!b->layout) continue;
        cairo_save(cr);
        cairo_new_path(cr);
        rounded_rectangle(cr, b->x, b->y, b->width, b->height, b->radius);
        cairo_clip(cr);
        cairo_set_source(cr, b->gradient);
        cairo_rectangle(cr, b->x, b->y, b->width, b->height);
        cairo_fill(cr);
        if (b->has_icon) {
            cairo_save(cr);
            draw_icon(cr, scene, b, icon, icon_points);
            cairo_restore(cr);
        }
        cairo_set_source_rgb(cr, b->title_color.r, b->title_color.g, b->title_color.b);
        cairo_move_to(cr, b->title_x, b->title_y);
        pango_cairo_show_layout(cr, b->layout);
        cairo_restore(cr);
        draw_ring(cr, b);
    }
    cairo_surface_flush(cairo_get_target(cr));
}

/* The same pixels without a clip: the rounded path filled with the gradient directly. */
static void draw_frame_direct(cairo_t *cr, const Scene *scene, cairo_surface_t *icon, double icon_points) {
    draw_background(cr, scene);
    for (size_t i = 0; i < scene->count; i++) {
        const Button *b = &scene->buttons[i];
        if (!b->layout) continue;
        cairo_new_path(cr);
        rounded_rectangle(cr, b->x, b->y, b->width, b->height, b->radius);
        cairo_set_source(cr, b->gradient);
        cairo_fill(cr);
        if (b->has_icon) draw_icon(cr, scene, b, icon, icon_points);
        cairo_set_source_rgb(cr, b->title_color.r, b->title_color.g, b->title_color.b);
        cairo_move_to(cr, b->title_x, b->title_y);
        pango_cairo_show_layout(cr, b->layout);
        draw_ring(cr, b);
    }
    cairo_surface_flush(cairo_get_target(cr));
}

/* The title and icon placed in the button and its gradient made: once per button drawn. */
static void prepare_button(Button *b, PangoContext *text, PangoFontDescription *font, double icon_points) {
    double w, h, baseline;
    b->layout = make_layout(text, font, b->title, &w, &h, &baseline);
    double icon_width = b->has_icon ? icon_points : 0;
    double left = b->x + b->width / 2 - (icon_width + w) / 2, middle = b->y + b->height / 2;
    b->icon_x = left;
    b->icon_y = middle - icon_points / 2;
    b->title_x = left + icon_width;
    b->title_y = middle - h / 2;
    b->gradient = cairo_pattern_create_linear(b->x, b->y, b->x + b->width, b->y);
    cairo_pattern_add_color_stop_rgb(b->gradient, 0, b->gradient_start.r, b->gradient_start.g, b->gradient_start.b);
    cairo_pattern_add_color_stop_rgb(b->gradient, 1, b->gradient_end.r, b->gradient_end.g, b->gradient_end.b);
}

static struct timespec main_entered; /* --window reports it: the process's own start came before */

/* --window: see the top of the file. */
static int first_frame(Scene *scene, double scale) {
    PangoContext *text = make_text_context();
    PangoFontDescription *font = pango_font_description_from_string(scene->font);
    double icon_points;
    cairo_surface_t *icon = rasterise_icon(scene->icon_path, scale, &icon_points);

    Display *display = XOpenDisplay(NULL);
    if (!display) fail("cannot open the X display", getenv("DISPLAY"));
    int screen = DefaultScreen(display);
    if (!XShmQueryExtension(display) || DefaultDepth(display, screen) != 24) fail("the X server needs MIT-SHM and depth 24", NULL);
    int canvas_width = (int)(scene->width * scale + 0.999999), canvas_height = (int)(scene->height * scale + 0.999999);
    int width = canvas_width < DisplayWidth(display, screen) * 9 / 10 ? canvas_width : DisplayWidth(display, screen) * 9 / 10;
    int height = canvas_height < DisplayHeight(display, screen) * 9 / 10 ? canvas_height : DisplayHeight(display, screen) * 9 / 10;
    if (width < 120) width = 120;
    if (height < 80) height = 80;
    Window window = XCreateSimpleWindow(display, RootWindow(display, screen), 0, 0, width, height, 0, 0, 0);
    XSelectInput(display, window, ExposureMask);
    XMapWindow(display, window);
    XFlush(display);

    /* Only what the window shows: the canvas from its top-left corner, as the preview first shows
     * a canvas larger than its window (the scenes are wider than 9/10 of the screen). */
    double visible_width = width / scale, visible_height = height / scale;
    for (size_t i = 0; i < scene->count; i++) {
        Button *b = &scene->buttons[i];
        if (b->x < visible_width && b->y < visible_height && b->x + b->width > 0 && b->y + b->height > 0)
            prepare_button(b, text, font, icon_points);
    }
    XShmSegmentInfo segment = {0};
    XImage *image = XShmCreateImage(display, DefaultVisual(display, screen), 24, ZPixmap, NULL, &segment, width, height);
    if (!image) fail("cannot make a shared-memory image", NULL);
    segment.shmid = shmget(IPC_PRIVATE, (size_t)image->bytes_per_line * height, IPC_CREAT | 0600);
    if (segment.shmid < 0) fail("shmget failed", NULL);
    segment.shmaddr = image->data = shmat(segment.shmid, NULL, 0);
    if (segment.shmaddr == (void *)-1) fail("shmat failed", NULL);
    XShmAttach(display, &segment);
    shmctl(segment.shmid, IPC_RMID, NULL);
    cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)image->data, CAIRO_FORMAT_RGB24,
                                                                   width, height, image->bytes_per_line);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    pango_cairo_update_context(cr, text);
    draw_frame_direct(cr, scene, icon, icon_points);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) fail("drawing failed", cairo_status_to_string(cairo_status(cr)));

    XEvent event;
    do XNextEvent(display, &event); while (event.type != Expose);
    XShmPutImage(display, window, DefaultGC(display, screen), image, 0, 0, 0, 0, width, height, False);
    XSync(display, False);
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    printf("{\"window\": [%d, %d], \"main_t_mono_ns\": %lld, \"t_mono_ns\": %lld}\n", width, height,
           (long long)main_entered.tv_sec * 1000000000LL + main_entered.tv_nsec, (long long)t.tv_sec * 1000000000LL + t.tv_nsec);
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv) {
    clock_gettime(CLOCK_MONOTONIC, &main_entered);
    const char *scene_path = NULL, *png = NULL;
    double scale = 1;
    long frames = 100;
    int measure = 0, window = 0;
    void (*draw_frame)(cairo_t *, const Scene *, cairo_surface_t *, double) = draw_frame_clip;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--measure")) measure = 1;
        else if (!strcmp(argv[i], "--window")) window = 1;
        else if (!strcmp(argv[i], "--variant") && i + 1 < argc) {
            const char *variant = argv[++i];
            if (!strcmp(variant, "clip")) draw_frame = draw_frame_clip;
            else if (!strcmp(variant, "direct")) draw_frame = draw_frame_direct;
            else fail("--variant is clip or direct", variant);
        }
        else if (!strcmp(argv[i], "--scale") && i + 1 < argc) scale = atof(argv[++i]);
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atol(argv[++i]);
        else if (!strcmp(argv[i], "--png") && i + 1 < argc) png = argv[++i];
        else if (argv[i][0] != '-' && !scene_path) scene_path = argv[i];
        else fail("usage: floor SCENE.txt (--measure | --scale S --frames N [--variant clip|direct] [--png OUT.png] | --scale S --window)", NULL);
    }
    if (!scene_path || scale < 0.5 || scale > 4 || frames < 1 || frames > 100000) fail("bad arguments", NULL);

    Scene scene = {0};
    read_scene(scene_path, &scene);
    if (window) return first_frame(&scene, scale);
    PangoContext *text = make_text_context();
    PangoFontDescription *font = pango_font_description_from_string(scene.font);

    if (measure) {
        /* Tab-separated: width, height, baseline (points), then the title. */
        for (size_t i = 0; i < scene.count; i++) {
            double w, h, baseline;
            g_object_unref(make_layout(text, font, scene.buttons[i].title, &w, &h, &baseline));
            printf("%.4f\t%.4f\t%.4f\t%s\n", w, h, baseline, scene.buttons[i].title);
        }
        return 0;
    }

    double icon_points;
    cairo_surface_t *icon = rasterise_icon(scene.icon_path, scale, &icon_points);

    /* Layout, once: the icon and title side by side, centred as one group, each centred vertically. */
    for (size_t i = 0; i < scene.count; i++) prepare_button(&scene.buttons[i], text, font, icon_points);

    /* Rounded up, as Designable sizes a canvas in pixels. */
    int width = (int)(scene.width * scale + 0.999999), height = (int)(scene.height * scale + 0.999999);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) fail("cannot make the surface", NULL);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    /* Glyphs are rasterised for the device scale; the layouts keep their unhinted metrics. */
    pango_cairo_update_context(cr, text);

    /* The cold frame pays for rasterising glyphs into Cairo's caches; it is timed apart, as `designable bench` does. */
    double start = now_ms();
    draw_frame(cr, &scene, icon, icon_points);
    double cold = now_ms() - start;
    double *times = malloc(frames * sizeof(double));
    if (!times) fail("out of memory", NULL);
    for (long f = 0; f < frames; f++) {
        start = now_ms();
        draw_frame(cr, &scene, icon, icon_points);
        times[f] = now_ms() - start;
    }
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) fail("drawing failed", cairo_status_to_string(cairo_status(cr)));
    qsort(times, frames, sizeof(double), compare_doubles);
    double median = frames % 2 ? times[frames / 2] : (times[frames / 2 - 1] + times[frames / 2]) / 2;
    printf("{\"pixels\": [%d, %d], \"frames\": %ld, \"cold_ms\": %.3f, \"median_ms\": %.3f}\n",
           width, height, frames, cold, median);
    if (png && cairo_surface_write_to_png(surface, png) != CAIRO_STATUS_SUCCESS) fail("cannot write", png);
    return 0;
}
