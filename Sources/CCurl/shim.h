// libcurl, seen from Swift.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call. Each helper below fixes
// one argument type, so the compiler checks what Swift passes. Nothing here knows about weather.
#ifndef WEATHER_CCURL_SHIM_H
#define WEATHER_CCURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*weather_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);

static inline CURLcode weather_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_setopt_callback(CURL *handle, CURLoption option,
                                                    weather_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode weather_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode weather_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
