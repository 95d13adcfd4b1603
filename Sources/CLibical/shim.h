#ifndef PLAN_CLIBICAL_SHIM_H
#define PLAN_CLIBICAL_SHIM_H
#include <libical/ical.h>

/// `icalerrno` is a macro Swift cannot import.
static inline icalerrorenum CLibical_errno(void) { return *icalerrno_return(); }
static inline void CLibical_clear_errno(void) { *icalerrno_return() = ICAL_NO_ERROR; }
#endif
