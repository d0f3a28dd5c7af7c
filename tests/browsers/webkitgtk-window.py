#!/usr/bin/python3
"""A WebKitGTK browser for WebKitWebDriver (tests/browsers/visitors.ts): a window holding the page
and nothing else. MiniBrowser's toolbar keeps its window 447 px wide at least; this one takes the
390 px of a phone. WebKitWebDriver starts it with --automation; each session's page is a view
created here for the automation session."""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

context = WebKit2.WebContext.get_default()
context.set_automation_allowed(True)


def create_view(_session):
    view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
    window = Gtk.Window()
    window.set_default_size(390, 844)
    window.add(view)
    window.connect("destroy", lambda _window: Gtk.main_quit())
    view.connect("close", lambda _view: window.destroy())
    window.show_all()
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("pistelink-webkitgtk")
    info.set_version(
        WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version()
    )
    session.set_application_info(info)
    session.connect("create-web-view", create_view)


context.connect("automation-started", automation_started)
Gtk.init(sys.argv)
Gtk.main()
