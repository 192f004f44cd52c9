// jansson, seen from Swift.
//
// json_typeof, json_incref and json_decref are macros or inline functions that touch the struct's
// fields; the helpers below give Swift plain functions with types it can check. Nothing here knows
// about weather.
#ifndef WEATHER_CJANSSON_SHIM_H
#define WEATHER_CJANSSON_SHIM_H

#include <jansson.h>

static inline json_type weather_json_type(const json_t *value) {
    return json_typeof(value);
}

static inline void weather_json_release(json_t *value) {
    json_decref(value);
}

#endif
