#!/usr/bin/python3
"""Evaluates JavaScript in a WebKitGTK web view, for url-driver.js.

Runs under Debian's /usr/bin/python3 with python3-gi and gir1.2-webkit2-4.1
(WebKit2 4.1, GTK 3). It needs a GdkDisplay: GTK 3 refuses to create a
WebKitWebView without one ("Can't create a GtkStyleContext without a display
connection"), so url-driver.js starts broadwayd (GTK's Broadway backend: no
X server, no GPU) or Xvfb and sets GDK_BACKEND accordingly. The view is never
put in a window nor shown; it holds an empty about:blank document.

Protocol, one JSON object a line each way:
  stdin  {"version": true}           -> {"value": "WebKitGTK 2.50.6 ..."}
  stdin  {"expression": "..."}       -> {"value": "<the result as a string>"}
                                       or {"error": "..."}
The expressions url-driver.js sends are ASCII and return ASCII strings.
"""
import json
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402


def main():
    ok, _ = Gtk.init_check([])
    if not ok:
        sys.stderr.write("webkit-gi-helper: GTK found no display (GDK_BACKEND=%s)\n" % os.environ.get("GDK_BACKEND"))
        sys.exit(1)
    # An ephemeral context: no cache or cookies on disk.
    manager = WebKit2.WebsiteDataManager.new_ephemeral()
    context = WebKit2.WebContext.new_with_website_data_manager(manager)
    view = WebKit2.WebView.new_with_context(context)
    settings = view.get_settings()
    settings.set_enable_javascript(True)
    settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
    loop = GLib.MainLoop()
    out = sys.stdout
    stdin = sys.stdin.buffer

    def reply(obj):
        out.write(json.dumps(obj, ensure_ascii=True) + "\n")
        out.flush()

    def evaluated(source, result, _data=None):
        try:
            value = source.evaluate_javascript_finish(result)
            reply({"value": value.to_string()})
        except GLib.Error as e:
            reply({"error": e.message})
        read_next()

    def handle(line):
        request = json.loads(line)
        if request.get("version"):
            reply({"value": "WebKitGTK %d.%d.%d" % (WebKit2.get_major_version(), WebKit2.get_minor_version(),
                                                     WebKit2.get_micro_version())})
            read_next()
        else:
            view.evaluate_javascript(request["expression"], -1, None, None, None, evaluated, None)

    def read_next():
        # One request at a time: the next line is read once the last answer is out.
        GLib.idle_add(read_one)

    def read_one():
        line = stdin.readline()
        if not line:
            loop.quit()
            return False
        if line.strip():
            handle(line.decode("ascii"))
        else:
            read_next()
        return False

    def loaded(_view, event):
        if event == WebKit2.LoadEvent.FINISHED:
            view.disconnect(handler)
            read_next()

    handler = view.connect("load-changed", loaded)
    view.load_html("<!doctype html><title>url oracle</title>", "about:blank")
    loop.run()


if __name__ == "__main__":
    main()
