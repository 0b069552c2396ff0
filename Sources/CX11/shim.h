#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <cairo/cairo-xlib.h>

/* Xlib's accessors are macros, which Swift cannot call. */
static inline int cx11_default_screen(Display *d) { return DefaultScreen(d); }
static inline Window cx11_root_window(Display *d, int s) { return RootWindow(d, s); }
static inline Visual *cx11_default_visual(Display *d, int s) { return DefaultVisual(d, s); }
static inline int cx11_default_depth(Display *d, int s) { return DefaultDepth(d, s); }
static inline int cx11_connection_number(Display *d) { return ConnectionNumber(d); }
static inline int cx11_display_width(Display *d, int s) { return DisplayWidth(d, s); }
static inline int cx11_display_height(Display *d, int s) { return DisplayHeight(d, s); }
/* XDestroyImage calls through the image's own function table. */
static inline int cx11_destroy_image(XImage *image) { return XDestroyImage(image); }
