// libcurl, seen from Swift, loaded only when a request is made.
//
// Linking libcurl costs every start of the program about 3 ms before main: it pulls in over 30 shared
// libraries (TLS, HTTP/2, IDN, LDAP, SSH...). `weather show` never makes a request, so the binary does not
// link libcurl; `weather_curl_load` opens libcurl.so.4 with dlopen when the first request is about to be
// sent and fills a table of the few functions we call. Only curl.h's types and constants are used at
// build time.
//
// The library is opened with RTLD_DEEPBIND: its symbols, and those of the 30 libraries behind it, are then
// looked up in their own dependencies first rather than in the program's global scope (a large Swift
// executable that exports its symbols, libstdc++, ...), which makes loading it a third cheaper. Nothing
// crosses between the two scopes: memory libcurl allocates, libcurl frees.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: each helper below fixes
// one argument type, so the compiler checks what Swift passes. Nothing here knows about weather.
#ifndef WEATHER_CCURL_SHIM_H
#define WEATHER_CCURL_SHIM_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

// glibc declares RTLD_DEEPBIND only under _GNU_SOURCE, which would change the system headers this module
// shares with Swift's Glibc module; the value is part of glibc's ABI.
#ifndef RTLD_DEEPBIND
#define RTLD_DEEPBIND 0x00008
#endif

/// The libcurl functions we call, looked up in the loaded library.
typedef struct weather_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} weather_curl_api;

/// Opens `soname` (libcurl.so.4) and fills `api`. Returns NULL when every function was found, otherwise
/// dlerror()'s words; the library then stays closed.
static inline const char *weather_curl_load(const char *soname, weather_curl_api *api) {
    void *library = dlopen(soname, RTLD_LAZY | RTLD_LOCAL | RTLD_DEEPBIND);
    if (library == NULL) return dlerror();
#define WEATHER_CURL_SYMBOL(field, name)                                   \
    if ((*(void **)&api->field = dlsym(library, name)) == NULL) {          \
        const char *problem = dlerror();                                   \
        dlclose(library);                                                  \
        return problem;                                                    \
    }
    WEATHER_CURL_SYMBOL(global_init, "curl_global_init")
    WEATHER_CURL_SYMBOL(easy_init, "curl_easy_init")
    WEATHER_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
    WEATHER_CURL_SYMBOL(easy_perform, "curl_easy_perform")
    WEATHER_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
    WEATHER_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    WEATHER_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
    WEATHER_CURL_SYMBOL(slist_append, "curl_slist_append")
    WEATHER_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
#undef WEATHER_CURL_SYMBOL
    return NULL;
}

typedef size_t (*weather_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);
typedef int (*weather_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                              curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode weather_curl_setopt_long(const weather_curl_api *api, CURL *handle, CURLoption option, long value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_offset(const weather_curl_api *api, CURL *handle, CURLoption option, curl_off_t value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_string(const weather_curl_api *api, CURL *handle, CURLoption option, const char *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_pointer(const weather_curl_api *api, CURL *handle, CURLoption option, void *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_list(const weather_curl_api *api, CURL *handle, CURLoption option, struct curl_slist *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_callback(const weather_curl_api *api, CURL *handle, CURLoption option,
                                                    weather_curl_data_callback value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_progress(const weather_curl_api *api, CURL *handle, CURLoption option,
                                                    weather_curl_progress_callback value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_getinfo_long(const weather_curl_api *api, CURL *handle, CURLINFO info, long *value) {
    return api->easy_getinfo(handle, info, value);
}

static inline CURLcode weather_curl_getinfo_offset(const weather_curl_api *api, CURL *handle, CURLINFO info,
                                                   curl_off_t *value) {
    return api->easy_getinfo(handle, info, value);
}

#endif
