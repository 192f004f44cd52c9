// The command line, captured where glibc hands it over: see arguments.c. Nothing to call from Swift.
#ifndef WEATHER_CARGUMENTS_H
#define WEATHER_CARGUMENTS_H
#endif
