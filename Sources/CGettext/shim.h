// glibc's gettext, seen from Swift: <libintl.h> is part of libc, but not of Swift's Glibc module. Nothing to
// link: the functions are libc's own (bindtextdomain, bind_textdomain_codeset, dgettext, dngettext).
#ifndef WEATHER_CGETTEXT_SHIM_H
#define WEATHER_CGETTEXT_SHIM_H
#include <libintl.h>
#endif
