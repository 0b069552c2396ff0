/*
 * pixelwatch: save-to-pixels and click-to-pixels measured from outside the preview, by looking at
 * the window's pixels rather than trusting the program's own account (`--trace`).
 *
 *   pixelwatch --window ID --file STYLE [--period-us N]
 *
 * Reads one command a line on standard input and answers each with one JSON line:
 *
 *   save in|rename TIMEOUT_MS NBYTES NRECTS X Y W H ...   then NBYTES of the file's new text
 *   press TIMEOUT_MS NRECTS X Y W H ...                   XTEST button 1 down where the pointer is
 *   release TIMEOUT_MS NRECTS X Y W H ...                 XTEST button 1 up
 *   quit
 *
 * Each rectangle is in window pixels. For every command the regions are copied first (the
 * "before"), then CLOCK_MONOTONIC is stamped (t0_ns), the action is taken (the file written in
 * place, or to STYLE.saving renamed over STYLE, as editors save; or the button event sent), and the
 * regions are read again with XShmGetImage every N microseconds until each of them differs from
 * its before; t1_ns is stamped as the read that showed the last change returned, and
 * last_unchanged_ns as the last read that still showed a before returned: the pixels changed
 * between the two (acted_ns is stamped when the save's writes or the event returned: what the
 * file system took is part of the time a person waits, and said apart). The time is therefore late by at most one period plus one read, which is why
 * the regions should be small and the period short: the answer carries the mean cost of one read
 * (read_ns) so the report can say. The regions' images lie in one shared-memory segment attached
 * once, so a command costs the X server no attach or detach.
 * With no rectangles a save only writes and answers (t1_ns right after the write): the driver's
 * way of saving without polling, to see what the polling itself costs the preview.
 *
 * Between reads the watcher sleeps (timer slack cut to 1 µs so the sleep is the period asked for),
 * so it takes little of a core the preview and the X server share.
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/prctl.h>
#include <sys/shm.h>
#include <time.h>
#include <unistd.h>

#define MAX_RECTS 8

typedef struct {
    int x, y, width, height;
    XImage *image;
    char *before;
    size_t row_bytes;
} Watched;

static Display *display;
static Window window;
static const char *style_path;
static long period_us = 200;
static int x_error;

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int on_x_error(Display *d, XErrorEvent *event) {
    (void)d;
    x_error = event->error_code;
    return 0;
}

static void answer_error(const char *message) {
    printf("{\"ok\": 0, \"error\": \"%s\"}\n", message);
    fflush(stdout);
}

/* One shared-memory segment, attached once and grown when a command needs more, holds every
 * region's image: no attach or detach (each a round trip the X server serves) per command. */
static XShmSegmentInfo segment = {.shmid = -1, .shmaddr = NULL};
static size_t segment_size;

static void segment_release(void) {
    if (!segment.shmaddr) return;
    XShmDetach(display, &segment);
    XSync(display, False);
    shmdt(segment.shmaddr);
    segment.shmaddr = NULL;
    segment_size = 0;
}

static int segment_reserve(size_t size) {
    if (size <= segment_size) return 1;
    segment_release();
    size = size < (1u << 20) ? (1u << 20) : size;
    segment.shmid = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
    if (segment.shmid < 0) return 0;
    void *address = shmat(segment.shmid, NULL, 0);
    shmctl(segment.shmid, IPC_RMID, NULL); /* gone with the last detach, even if this dies */
    if (address == (void *)-1) return 0;
    segment.shmaddr = address;
    segment.readOnly = False;
    x_error = 0;
    XShmAttach(display, &segment);
    XSync(display, False);
    if (x_error) {
        shmdt(address);
        segment.shmaddr = NULL;
        return 0;
    }
    segment_size = size;
    return 1;
}

/* Images for the regions, laid one after another in the segment (XShmGetImage sends each one's
 * offset in it), and a copy of each for its "before"; 0 when they cannot be had. */
static int regions_open(Watched *regions, int count) {
    Visual *visual = DefaultVisual(display, DefaultScreen(display));
    int depth = DefaultDepth(display, DefaultScreen(display));
    size_t offsets[MAX_RECTS], total = 0;
    for (int i = 0; i < count; i++) {
        regions[i].image = XShmCreateImage(display, visual, depth, ZPixmap, NULL, &segment, regions[i].width, regions[i].height);
        if (!regions[i].image) return 0;
        offsets[i] = total;
        total += ((size_t)regions[i].image->bytes_per_line * regions[i].height + 63) & ~(size_t)63;
        regions[i].row_bytes = (size_t)regions[i].width * (regions[i].image->bits_per_pixel / 8);
        regions[i].before = malloc((size_t)regions[i].image->bytes_per_line * regions[i].height);
        if (!regions[i].before) return 0;
    }
    if (!segment_reserve(total)) return 0;
    for (int i = 0; i < count; i++) regions[i].image->data = segment.shmaddr + offsets[i];
    return 1;
}

static void regions_close(Watched *regions, int count) {
    for (int i = 0; i < count; i++) {
        if (regions[i].image) {
            regions[i].image->data = NULL;
            XDestroyImage(regions[i].image);
        }
        free(regions[i].before);
        memset(&regions[i], 0, sizeof regions[i]);
    }
}

static int region_read(Watched *region) {
    x_error = 0;
    if (!XShmGetImage(display, window, region->image, region->x, region->y, AllPlanes) || x_error) return 0;
    return 1;
}

static int region_differs(const Watched *region) {
    const char *now = region->image->data, *before = region->before;
    for (int row = 0; row < region->height; row++) {
        size_t offset = (size_t)row * region->image->bytes_per_line;
        if (memcmp(now + offset, before + offset, region->row_bytes)) return 1;
    }
    return 0;
}

/* Parses "N X Y W H ..." from `cursor` into `regions`; the count, or -1. */
static int parse_regions(char **cursor, Watched *regions) {
    long count = strtol(*cursor, cursor, 10);
    if (count < 0 || count > MAX_RECTS) return -1;
    for (long i = 0; i < count; i++) {
        Watched *r = &regions[i];
        memset(r, 0, sizeof *r);
        r->x = (int)strtol(*cursor, cursor, 10);
        r->y = (int)strtol(*cursor, cursor, 10);
        r->width = (int)strtol(*cursor, cursor, 10);
        r->height = (int)strtol(*cursor, cursor, 10);
        if (r->width <= 0 || r->height <= 0) return -1;
    }
    return (int)count;
}

static void write_all(int fd, const char *text, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, text, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        text += written;
        length -= (size_t)written;
    }
}

/* Writes the new text as an editor saves: truncating the file in place, or to a temporary file
 * renamed over it (a new inode at the path). */
static void save(const char *mode, const char *text, size_t length) {
    if (!strcmp(mode, "rename")) {
        char temporary[4200];
        snprintf(temporary, sizeof temporary, "%s.saving", style_path);
        int fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) return;
        write_all(fd, text, length);
        close(fd);
        rename(temporary, style_path);
    } else {
        int fd = open(style_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) return;
        write_all(fd, text, length);
        close(fd);
    }
}

static void sleep_period(void) {
    struct timespec pause = {period_us / 1000000, (period_us % 1000000) * 1000};
    while (nanosleep(&pause, &pause) && errno == EINTR) {}
}

/* One command: snapshot the regions, stamp, act, poll until every region changed. */
static void run(const char *verb, char *rest) {
    Watched regions[MAX_RECTS];
    char mode[16] = "";
    long timeout_ms, nbytes = 0;
    char *text = NULL;
    if (!strcmp(verb, "save")) {
        int used = 0;
        if (sscanf(rest, "%15s %ld %ld%n", mode, &timeout_ms, &nbytes, &used) != 3 || nbytes < 0) {
            answer_error("bad save command");
            return;
        }
        rest += used;
    } else {
        timeout_ms = strtol(rest, &rest, 10);
    }
    int count = parse_regions(&rest, regions);
    if (nbytes > 0) {
        /* The text follows the command line; read before anything is timed. */
        text = malloc((size_t)nbytes);
        if (!text || fread(text, 1, (size_t)nbytes, stdin) != (size_t)nbytes) {
            free(text);
            answer_error("short text");
            return;
        }
    }
    if (count < 0) {
        free(text);
        answer_error("bad regions");
        return;
    }
    int ready = regions_open(regions, count);
    for (int i = 0; ready && i < count; i++) {
        ready = region_read(&regions[i]);
        if (ready) memcpy(regions[i].before, regions[i].image->data, (size_t)regions[i].image->bytes_per_line * regions[i].height);
    }
    if (!ready) {
        regions_close(regions, count);
        free(text);
        answer_error("cannot read a region of the window (outside it?)");
        return;
    }

    uint64_t t0 = now_ns();
    if (!strcmp(verb, "save")) {
        save(mode, text, (size_t)nbytes);
    } else {
        XTestFakeButtonEvent(display, 1, !strcmp(verb, "press"), CurrentTime);
        XFlush(display);
    }
    /* When the save or event was done: a save's own cost (truncating an ext4 file is most of a
     * millisecond), which the preview cannot begin before. */
    uint64_t acted = now_ns();
    uint64_t t1 = acted, deadline = t0 + (uint64_t)timeout_ms * 1000000u, read_total = 0, last_unchanged = t0;
    long polls = 0;
    int changed[MAX_RECTS] = {0}, remaining = count, ok = 1, late = 0;
    while (remaining > 0) {
        sleep_period();
        for (int i = 0; i < count; i++) {
            if (changed[i]) continue;
            uint64_t start = now_ns();
            if (!region_read(&regions[i])) {
                ok = 0;
                break;
            }
            t1 = now_ns();
            read_total += t1 - start;
            polls++;
            if (region_differs(&regions[i])) {
                changed[i] = 1;
                remaining--;
            }
        }
        if (!ok) break;
        if (remaining > 0) last_unchanged = t1;
        if (remaining > 0 && t1 > deadline) {
            ok = 0;
            late = 1;
            break;
        }
    }
    regions_close(regions, count);
    free(text);
    if (!ok) {
        answer_error(late ? "the pixels did not change in time" : "a region could not be read");
        return;
    }
    printf("{\"ok\": 1, \"t0_ns\": %llu, \"acted_ns\": %llu, \"t1_ns\": %llu, \"last_unchanged_ns\": %llu, \"polls\": %ld, \"read_ns\": %llu}\n",
           (unsigned long long)t0, (unsigned long long)acted, (unsigned long long)t1, (unsigned long long)last_unchanged, polls,
           (unsigned long long)(polls ? read_total / (uint64_t)polls : 0));
    fflush(stdout);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--window") && i + 1 < argc) window = (Window)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--file") && i + 1 < argc) style_path = argv[++i];
        else if (!strcmp(argv[i], "--period-us") && i + 1 < argc) period_us = atol(argv[++i]);
        else {
            fprintf(stderr, "usage: pixelwatch --window ID --file STYLE [--period-us N]\n");
            return 64;
        }
    }
    if (!window || !style_path || period_us < 1 || period_us > 1000000) {
        fprintf(stderr, "pixelwatch: --window and --file are required, the period 1 µs to 1 s\n");
        return 64;
    }
    display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "pixelwatch: cannot open the display\n");
        return 1;
    }
    int event_base, error_base, major, minor;
    if (!XShmQueryExtension(display) || !XTestQueryExtension(display, &event_base, &error_base, &major, &minor)) {
        fprintf(stderr, "pixelwatch: the X server lacks MIT-SHM or XTEST\n");
        return 1;
    }
    XSetErrorHandler(on_x_error);
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    char line[4096];
    printf("{\"ok\": 1, \"ready\": 1}\n");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        char *rest = line;
        char *verb = strsep(&rest, " ");
        if (!strcmp(verb, "quit")) break;
        if (!strcmp(verb, "save") || !strcmp(verb, "press") || !strcmp(verb, "release")) run(verb, rest ? rest : "");
        else answer_error("unknown command");
    }
    segment_release();
    XCloseDisplay(display);
    return 0;
}
