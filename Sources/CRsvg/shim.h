// librsvg is opened on first use (dlopen), not linked: linked, it and what it pulls in (GIO,
// gdk-pixbuf, libxml2, ICU) cost every start of the program ~5 ms of loading and relocation,
// though most style files draw no SVG. Its functions are reached through `Librsvg` (Swift); this
// header gives the one structure they pass by pointer, as librsvg 2.52+ (soname 2) declares it
// in <librsvg/rsvg.h>. RsvgHandle stays opaque, and GError comes from GLib's own headers.
#ifndef DESIGNABLE_CRSVG_SHIM_H
#define DESIGNABLE_CRSVG_SHIM_H

typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

#endif
