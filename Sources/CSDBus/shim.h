// libsystemd's sd-bus, seen from Swift, without libsystemd-dev and without linking libsystemd:
// `weather_sd_bus_load` opens libsystemd.so.0 with dlopen when a desktop notification is about to be sent
// and fills a table of the few functions we call. The types are declared here, as sd-bus.h declares them:
// the bus and its messages are opaque pointers, and sd_bus_error's layout is part of libsystemd's ABI.
//
// The variadic functions (sd_bus_message_append, sd_bus_call_method) are left out: each value is appended
// with sd_bus_message_append_basic and containers are opened and closed one by one, which the compiler
// can check. Nothing here knows about weather.
#ifndef WEATHER_CSDBUS_SHIM_H
#define WEATHER_CSDBUS_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

/// An error a call returned: a D-Bus error name and its message (`sd_bus_error` of sd-bus.h).
typedef struct weather_sd_bus_error {
    const char *name;
    const char *message;
    int need_free;
} weather_sd_bus_error;

/// The sd-bus functions we call, looked up in the loaded library. `bus` is an `sd_bus *`, `message` an
/// `sd_bus_message *`; both are reference counted by libsystemd.
typedef struct weather_sd_bus_api {
    int (*new_bus)(void **bus);
    int (*set_address)(void *bus, const char *address);
    int (*set_bus_client)(void *bus, int client);
    int (*start)(void *bus);
    int (*message_new_method_call)(void *bus, void **message, const char *destination, const char *path,
                                   const char *interface, const char *member);
    int (*message_append_basic)(void *message, char type, const void *value);
    int (*message_open_container)(void *message, char type, const char *contents);
    int (*message_close_container)(void *message);
    int (*call)(void *bus, void *message, uint64_t timeout_usec, weather_sd_bus_error *error, void **reply);
    int (*message_read_basic)(void *message, char type, void *value);
    int (*message_enter_container)(void *message, char type, const char *contents);
    int (*message_exit_container)(void *message);
    const char *(*message_get_sender)(void *message);
    void *(*message_unref)(void *message);
    void *(*flush_close_unref)(void *bus);
    void (*error_free)(weather_sd_bus_error *error);
} weather_sd_bus_api;

/// Opens `soname` (libsystemd.so.0) and fills `api`. Returns NULL when every function was found, otherwise
/// dlerror()'s words; the library then stays closed.
static inline const char *weather_sd_bus_load(const char *soname, weather_sd_bus_api *api) {
    void *library = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return dlerror();
#define WEATHER_SD_BUS_SYMBOL(field, name)                                 \
    if ((*(void **)&api->field = dlsym(library, name)) == NULL) {          \
        const char *problem = dlerror();                                   \
        dlclose(library);                                                  \
        return problem;                                                    \
    }
    WEATHER_SD_BUS_SYMBOL(new_bus, "sd_bus_new")
    WEATHER_SD_BUS_SYMBOL(set_address, "sd_bus_set_address")
    WEATHER_SD_BUS_SYMBOL(set_bus_client, "sd_bus_set_bus_client")
    WEATHER_SD_BUS_SYMBOL(start, "sd_bus_start")
    WEATHER_SD_BUS_SYMBOL(message_new_method_call, "sd_bus_message_new_method_call")
    WEATHER_SD_BUS_SYMBOL(message_append_basic, "sd_bus_message_append_basic")
    WEATHER_SD_BUS_SYMBOL(message_open_container, "sd_bus_message_open_container")
    WEATHER_SD_BUS_SYMBOL(message_close_container, "sd_bus_message_close_container")
    WEATHER_SD_BUS_SYMBOL(call, "sd_bus_call")
    WEATHER_SD_BUS_SYMBOL(message_read_basic, "sd_bus_message_read_basic")
    WEATHER_SD_BUS_SYMBOL(message_enter_container, "sd_bus_message_enter_container")
    WEATHER_SD_BUS_SYMBOL(message_exit_container, "sd_bus_message_exit_container")
    WEATHER_SD_BUS_SYMBOL(message_get_sender, "sd_bus_message_get_sender")
    WEATHER_SD_BUS_SYMBOL(message_unref, "sd_bus_message_unref")
    WEATHER_SD_BUS_SYMBOL(flush_close_unref, "sd_bus_flush_close_unref")
    WEATHER_SD_BUS_SYMBOL(error_free, "sd_bus_error_free")
#undef WEATHER_SD_BUS_SYMBOL
    return NULL;
}

#endif
