// librsvg 2 (SVG rendering) onto cairo image surfaces. Only PlanImage imports this.
#ifndef PLAN_CLIBRSVG_SHIM_H
#define PLAN_CLIBRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <cairo.h>
#endif
