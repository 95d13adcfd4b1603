// librsvg 2 (SVG rendering) onto cairo image surfaces. Only PlanImage imports this.
//
// The few types PlanImage uses, written here from librsvg's and cairo's documented C
// API (librsvg >= 2.46, cairo >= 1.10), as function-pointer types: PlanImage opens the
// libraries with dlopen the first time a picture is drawn, so the ~40 shared libraries
// librsvg pulls in (cairo, pango, glib, fontconfig, …) cost nothing to the commands that
// draw no picture (`plan add-task` starts in half the time). Nothing is linked here.
// (Including <librsvg/rsvg.h> would need glib's include paths, which only pkg-config
// gives, with a `-pthread` SwiftPM warns about on every build.)
#ifndef PLAN_CLIBRSVG_SHIM_H
#define PLAN_CLIBRSVG_SHIM_H

#include <stddef.h>

// glib
typedef unsigned char guint8;
typedef unsigned long gsize;
typedef int gboolean;
typedef void *gpointer;
typedef unsigned int GQuark;
typedef struct _GError {
    GQuark domain;
    int code;
    char *message;
} GError;
typedef void (*plan_g_object_unref)(gpointer object);
typedef void (*plan_g_error_free)(GError *error);

// cairo
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef enum _cairo_format {
    CAIRO_FORMAT_INVALID = -1,
    CAIRO_FORMAT_ARGB32 = 0
} cairo_format_t;
typedef enum _cairo_status {
    CAIRO_STATUS_SUCCESS = 0,
    CAIRO_STATUS_NO_MEMORY = 1,
    CAIRO_STATUS_READ_ERROR = 10,
    CAIRO_STATUS_WRITE_ERROR = 11
} cairo_status_t;
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
typedef cairo_surface_t *(*plan_cairo_image_surface_create)(cairo_format_t format, int width, int height);
typedef cairo_status_t (*plan_cairo_surface_status)(cairo_surface_t *surface);
typedef void (*plan_cairo_surface_flush)(cairo_surface_t *surface);
typedef void (*plan_cairo_surface_destroy)(cairo_surface_t *surface);
typedef cairo_status_t (*plan_cairo_surface_write_to_png_stream)(cairo_surface_t *surface, cairo_write_func_t write_func, void *closure);
typedef cairo_t *(*plan_cairo_create)(cairo_surface_t *target);
typedef void (*plan_cairo_destroy)(cairo_t *cr);
typedef void (*plan_cairo_set_source_rgb)(cairo_t *cr, double red, double green, double blue);
typedef void (*plan_cairo_paint)(cairo_t *cr);
typedef const char *(*plan_cairo_status_to_string)(cairo_status_t status);

// librsvg
typedef struct _RsvgHandle RsvgHandle;
typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;
typedef RsvgHandle *(*plan_rsvg_handle_new_from_data)(const guint8 *data, gsize data_len, GError **error);
typedef gboolean (*plan_rsvg_handle_render_document)(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
// rsvg_major_version, rsvg_minor_version, rsvg_micro_version: `const unsigned int`
// (librsvg >= 2.52), the version of the librsvg loaded at run time.

#endif
