#!/bin/sh
# Generates the locales the tests run weather in (Tests/TestSupport/Locales.swift: those of the twelve
# languages weather speaks, en_US.UTF-8, en_GB.UTF-8, and ru_RU.UTF-8, a language it has no catalogue for) from
# the locales package's sources, as locale-gen does: only those missing, into the system's archive when it
# may be written (root), otherwise into .build/locales, which the tests name to weather with LOCPATH. Keep
# the list in step with TestLocales.names.
set -eu
locales="de_DE en_US en_GB uk_UA fr_FR ru_RU cs_CZ es_ES fi_FI it_IT nb_NO nl_NL pl_PL pt_BR sv_SE"
private=$(cd "$(dirname "$0")/../.." && pwd)/.build/locales
[ -d /usr/share/i18n/locales ] || { echo "make-locales.sh: install the locales package first" >&2; exit 1; }
have=$(locale -a 2>/dev/null)
for locale in $locales; do
    # locale -a names them de_DE.utf8.
    if echo "$have" | grep -qx "$locale.utf8"; then continue; fi
    if [ -w /usr/lib/locale ] || [ -w /usr/lib/locale/locale-archive ]; then
        echo "Generating $locale.UTF-8"
        localedef -i "$locale" -f UTF-8 "$locale.UTF-8" || true
    elif [ ! -f "$private/$locale.UTF-8/LC_TIME" ]; then
        echo "Generating $locale.UTF-8 in $private"
        mkdir -p "$private"
        localedef -i "$locale" -f UTF-8 --no-archive "$private/$locale.UTF-8" || [ -f "$private/$locale.UTF-8/LC_TIME" ]
    fi
done
