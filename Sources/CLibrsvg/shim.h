// librsvg 2 (SVG rendering) onto cairo image surfaces. Only PlanImage imports this.
//
// The few declarations PlanImage calls, written here from librsvg's and cairo's
// documented C API (librsvg >= 2.46, cairo >= 1.10), instead of including
// <librsvg/rsvg.h>: that header needs glib's include paths, and the only way a
// system-library target gets them is pkg-config, whose flags for glib carry
// `-pthread`, which SwiftPM refuses with a warning on every build. The module
// map links the real libraries (Debian: librsvg2-dev).
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
void g_object_unref(gpointer object);
void g_error_free(GError *error);

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
cairo_surface_t *cairo_image_surface_create(cairo_format_t format, int width, int height);
cairo_status_t cairo_surface_status(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
cairo_status_t cairo_surface_write_to_png_stream(cairo_surface_t *surface, cairo_write_func_t write_func, void *closure);
cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
void cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue);
void cairo_paint(cairo_t *cr);
const char *cairo_status_to_string(cairo_status_t status);

// librsvg
typedef struct _RsvgHandle RsvgHandle;
typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;
RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
// The version of the librsvg loaded at run time (librsvg >= 2.52).
extern const unsigned int rsvg_major_version;
extern const unsigned int rsvg_minor_version;
extern const unsigned int rsvg_micro_version;

#endif
