#!/usr/bin/env python3
"""The real readers of what weather escapes, for the property tests (Tests/TestSupport/RealReaders.swift).

Reads a JSON array of strings on stdin and writes a JSON array of what the reader made of each: the text
read, or {"error": "..."} where the reader refused it.

    readers.py markup   Pango's markup parser (pango_parse_markup through python3-gi, gir1.2-pango-1.0):
                        what waybar reads in a module's text and tooltip, and dunst in a body
    readers.py query    a URL's query by Python's urllib.parse (strict): a list of [name, value] pairs
    readers.py dbus     a D-Bus address by libdbus (dbus_parse_address, through ctypes): the value of the
                        first entry's `path` key
"""
import ctypes
import json
import sys
import urllib.parse


def markup():
    import gi
    gi.require_version("Pango", "1.0")
    from gi.repository import GLib, Pango

    def read(text):
        try:
            return Pango.parse_markup(text, -1, "\0")[2]
        except GLib.Error as error:
            return {"error": error.message}
    return read


def query():
    def read(url):
        try:
            return [list(pair) for pair in urllib.parse.parse_qsl(
                urllib.parse.urlsplit(url).query, keep_blank_values=True, strict_parsing=True, errors="strict")]
        except (ValueError, UnicodeDecodeError) as error:
            return {"error": str(error)}
    return read


class DBusError(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("message", ctypes.c_char_p), ("bits", ctypes.c_uint),
                ("padding", ctypes.c_void_p)]


def dbus():
    library = ctypes.CDLL("libdbus-1.so.3")
    library.dbus_address_entry_get_value.restype = ctypes.c_char_p
    library.dbus_address_entry_get_value.argtypes = [ctypes.c_void_p, ctypes.c_char_p]

    def read(address):
        entries = ctypes.POINTER(ctypes.c_void_p)()
        count = ctypes.c_int()
        error = DBusError()
        library.dbus_error_init(ctypes.byref(error))
        if not library.dbus_parse_address(address.encode(), ctypes.byref(entries), ctypes.byref(count),
                                          ctypes.byref(error)):
            message = error.message.decode()
            library.dbus_error_free(ctypes.byref(error))
            return {"error": message}
        value = library.dbus_address_entry_get_value(entries[0], b"path")
        library.dbus_address_entries_free(entries)
        if value is None:
            return {"error": "no path"}
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError as error:
            return {"error": str(error)}
    return read


def main():
    read = {"markup": markup, "query": query, "dbus": dbus}[sys.argv[1]]()
    inputs = json.load(sys.stdin)
    json.dump([read(text) for text in inputs], sys.stdout, ensure_ascii=True)


if __name__ == "__main__":
    main()
