#!/usr/bin/env python3
"""Records the flex layout reference table from a browser.

Every case below is a tree of boxes with inline CSS. The script writes one
HTML page with all cases, has headless Chromium lay it out, reads each box's
getBoundingClientRect() (relative to the case's viewport) and writes

  recorded.json     the cases and the rects the browser gave (checked in)
  flex_cases.inc    the C++ table tests/layout/test_flex.cpp includes

Usage:
  gen_flex_cases.py              record with chromium, write both files
  gen_flex_cases.py --from-json  rewrite flex_cases.inc from recorded.json

Conventions that keep the page equivalent to ZenitUI's defaults:
  - every div is display:flex, content-box, border-style solid (a
    border-width then draws on all four sides, like ZenitUI's one width);
  - a case root always has an explicit width and height; its viewport is a
    position:relative flow-root box of the given size (the initial
    containing block of absolutely positioned boxes with no other
    positioned ancestor);
  - "text" leaves are block boxes whose words are inline-blocks of the
    given widths and one line height, separated by zero-width spaces
    (font-size:0): the test's measure function breaks lines greedily in the
    same way.
"""
import html
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
JSON_PATH = os.path.join(HERE, "recorded.json")
INC_PATH = os.path.join(HERE, "flex_cases.inc")


def N(style="", *children):
    """A box (div) with inline style and children."""
    return {"style": style, "children": list(children)}


def T(style, words, line=10):
    """A text leaf: words of the given widths, `line` px per line."""
    return {"style": style, "words": list(words), "line": line, "children": []}


def boxes(n, style):
    return [N(style) for _ in range(n)]


# (name, viewport width, viewport height, root)
CASES = [
    # --- fixed sizes, directions -------------------------------------------
    ("fixed sizes in a row", 300, 100,
     N("width:300px;height:100px;align-items:flex-start",
       N("width:50px;height:20px"), N("width:60px;height:30px"), N("width:70px;height:40px"))),
    ("fixed sizes in a column", 100, 300,
     N("width:100px;height:300px;flex-direction:column;align-items:flex-start",
       N("width:50px;height:20px"), N("width:60px;height:30px"), N("width:70px;height:40px"))),
    ("row-reverse", 300, 100,
     N("width:300px;height:100px;flex-direction:row-reverse",
       N("width:50px;height:20px"), N("width:60px"), N("width:70px;height:40px"))),
    ("column-reverse", 100, 300,
     N("width:100px;height:300px;flex-direction:column-reverse",
       N("width:50px;height:20px"), N("height:30px"), N("width:70px;height:40px"))),
    ("nested fixed boxes", 200, 200,
     N("width:200px;height:200px",
       N("width:100px;height:100px;padding:10px", N("width:30px;height:30px"), N("width:20px;height:40px")),
       N("width:50px;height:50px;flex-direction:column", N("width:10px;height:10px"), N("width:20px;height:10px")))),

    # --- flexible lengths (§9.7) -------------------------------------------
    ("grow in proportion", 300, 50,
     N("width:300px;height:50px",
       N("width:30px;flex-grow:1"), N("width:30px;flex-grow:2"), N("width:30px;flex-grow:3"))),
    ("grow clamped by max-width", 300, 50,
     N("width:300px;height:50px",
       N("width:30px;flex-grow:1;max-width:50px"), N("width:30px;flex-grow:1"), N("width:30px;flex-grow:1"))),
    ("grow clamped by max-width twice", 300, 50,
     N("width:300px;height:50px",
       N("flex-grow:1;max-width:40px"), N("flex-grow:1;max-width:60px"), N("flex-grow:2"), N("flex-grow:1;max-width:10px"))),
    ("grow with flex-basis 0", 300, 50,
     N("width:300px;height:50px",
       N("flex-grow:1;flex-basis:0px;width:100px"), N("flex-grow:1;flex-basis:0px"), N("flex-grow:2;flex-basis:0px"))),
    ("grow factors summing below 1", 300, 50,
     N("width:300px;height:50px",
       N("width:50px;flex-grow:0.2"), N("width:50px;flex-grow:0.3"))),
    ("grow above min-width", 300, 50,
     N("width:300px;height:50px",
       N("flex-grow:1;flex-basis:0px;min-width:150px"), N("flex-grow:1;flex-basis:0px"), N("flex-grow:1;flex-basis:0px"))),
    ("shrink weighted by base size", 300, 50,
     N("width:300px;height:50px",
       N("width:100px"), N("width:200px"), N("width:300px"))),
    ("shrink clamped by min-width", 300, 50,
     N("width:300px;height:50px",
       N("width:200px;min-width:180px"), N("width:200px"), N("width:200px"))),
    ("shrink factors and flex-shrink 0", 300, 50,
     N("width:300px;height:50px",
       N("width:200px;flex-shrink:0"), N("width:100px;flex-shrink:2"), N("width:100px;flex-shrink:1"))),
    ("shrink factors summing below 1", 300, 50,
     N("width:300px;height:50px",
       N("width:200px;flex-shrink:0.25"), N("width:200px;flex-shrink:0.25"))),
    ("min-width above max-width", 300, 50,
     N("width:300px;height:50px",
       N("width:10px;min-width:80px;max-width:40px"), N("width:10px;flex-grow:1"))),
    ("shrink with padding and border", 300, 50,
     N("width:300px;height:50px",
       N("width:200px;padding:0 10px;border-width:5px"), N("width:200px"))),
    ("column grow and shrink", 100, 300,
     N("width:100px;height:300px;flex-direction:column",
       N("height:50px;flex-grow:1"), N("height:100px;flex-grow:3;max-height:150px"), N("flex-basis:40px"))),
    ("column shrink", 100, 100,
     N("width:100px;height:100px;flex-direction:column",
       N("height:100px"), N("height:60px;min-height:50px"), N("height:40px;flex-shrink:0"))),
    ("automatic minimum size of a container item", 100, 50,
     N("width:100px;height:50px",
       N("", N("width:80px;height:10px")), N("width:80px;height:10px"))),
    ("automatic minimum size off with overflow hidden", 100, 50,
     N("width:100px;height:50px",
       N("overflow:hidden", N("width:80px;height:10px")), N("width:80px;height:10px"))),
    ("automatic minimum size capped by width", 100, 50,
     N("width:100px;height:50px",
       N("width:30px", N("width:80px;height:10px")), N("width:80px;height:10px"))),
    ("automatic minimum size of text with flex-basis 0", 100, 50,
     N("width:100px;height:50px",
       T("flex-grow:1;flex-basis:0px", [20, 60]), T("flex-grow:1;flex-basis:0px", [10, 10]))),
    ("min-width 0 lets text shrink", 100, 50,
     N("width:100px;height:50px",
       T("flex-grow:1;flex-basis:0px;min-width:0px", [20, 60]), T("flex-grow:1;flex-basis:0px", [10, 10]))),

    # --- wrapping, gaps, align-content ------------------------------------
    ("wrap with gaps", 45, 60,
     N("width:45px;height:60px;flex-wrap:wrap;column-gap:2px;row-gap:3px;align-content:flex-start",
       *boxes(9, "width:10px;height:10px"))),
    ("wrap with padding and stretch lines", 60, 80,
     N("width:50px;height:70px;flex-wrap:wrap;padding:5px",
       *boxes(7, "width:10px;height:10px"), N("width:10px"))),
    ("wrap-reverse", 45, 60,
     N("width:45px;height:60px;flex-wrap:wrap-reverse;column-gap:2px;row-gap:3px;align-content:flex-start",
       *boxes(5, "width:10px;height:10px"), N("width:10px;height:20px"))),
    ("wrap with grow per line", 100, 40,
     N("width:100px;height:40px;flex-wrap:wrap;align-content:flex-start",
       N("width:40px;height:10px;flex-grow:1"), N("width:40px;height:10px"), N("width:40px;height:10px;flex-grow:1"),
       N("width:30px;height:10px;flex-grow:1"))),
    ("wrap in a column", 60, 45,
     N("width:60px;height:45px;flex-direction:column;flex-wrap:wrap;column-gap:5px;row-gap:2px;align-content:flex-start",
       *boxes(7, "width:10px;height:10px"))),
    ("wrap with auto height", 100, 100,
     N("width:100px;height:100px;align-items:flex-start",
       N("width:35px;flex-wrap:wrap;border-width:1px", *boxes(5, "width:10px;height:10px")))),
    ("align-content flex-end", 45, 60,
     N("width:45px;height:60px;flex-wrap:wrap;align-content:flex-end", *boxes(7, "width:10px;height:10px"))),
    ("align-content center", 45, 60,
     N("width:45px;height:60px;flex-wrap:wrap;align-content:center;row-gap:4px", *boxes(7, "width:10px;height:10px"))),
    ("align-content space-between", 45, 60,
     N("width:45px;height:60px;flex-wrap:wrap;align-content:space-between", *boxes(9, "width:10px;height:10px"))),
    ("align-content space-around", 45, 60,
     N("width:45px;height:60px;flex-wrap:wrap;align-content:space-around", *boxes(9, "width:10px;height:10px"))),
    ("align-content stretch", 45, 60,
     N("width:45px;height:60px;flex-wrap:wrap;align-content:stretch",
       *boxes(4, "width:10px;height:10px"), N("width:10px"), N("width:10px;height:5px;align-self:flex-end"))),
    ("align-content start and end in wrap-reverse", 100, 100,
     N("width:100px;height:100px;flex-direction:column",
       N("height:50px;flex-wrap:wrap-reverse;align-content:start", N("width:20px;height:10px"), N("width:90px;height:20px")),
       N("height:50px;flex-wrap:wrap-reverse;align-content:end", N("width:20px;height:10px"), N("width:90px;height:20px")))),
    ("align-content with negative free space", 100, 100,
     N("width:100px;height:100px;flex-direction:column",
       N("height:30px;flex-wrap:wrap;align-content:center", N("width:80px;height:20px"), N("width:80px;height:20px")),
       N("height:30px;flex-wrap:wrap;align-content:space-around", N("width:80px;height:20px"), N("width:80px;height:20px")),
       N("height:30px;flex-wrap:wrap;align-content:space-between", N("width:80px;height:20px"), N("width:80px;height:20px")))),

    # --- justify-content ----------------------------------------------------
    *[("justify-content " + j, 100, 20,
       N("width:100px;height:20px;justify-content:" + j, N("width:20px"), N("width:10px"), N("width:30px")))
      for j in ["flex-start", "flex-end", "center", "space-between", "space-around", "space-evenly", "start", "end"]],
    *[("justify-content " + j + " in row-reverse", 100, 20,
       N("width:100px;height:20px;flex-direction:row-reverse;justify-content:" + j,
         N("width:20px"), N("width:10px"), N("width:30px")))
      for j in ["flex-start", "flex-end", "center", "space-between", "start", "end"]],
    ("justify-content in a column", 20, 100,
     N("width:20px;height:100px;flex-direction:column;justify-content:space-evenly",
       N("height:20px"), N("height:10px"), N("height:30px"))),
    ("justify-content with one item", 100, 80,
     N("width:100px;height:80px;flex-direction:column",
       N("height:20px;justify-content:space-between", N("width:20px")),
       N("height:20px;justify-content:space-around", N("width:20px")),
       N("height:20px;justify-content:space-evenly", N("width:20px")))),
    ("justify-content with negative free space", 100, 80,
     N("width:100px;height:80px;flex-direction:column",
       N("height:20px;justify-content:center", N("width:80px;flex-shrink:0"), N("width:80px;flex-shrink:0")),
       N("height:20px;justify-content:space-around", N("width:80px;flex-shrink:0"), N("width:80px;flex-shrink:0")),
       N("height:20px;justify-content:space-evenly", N("width:80px;flex-shrink:0"), N("width:80px;flex-shrink:0")),
       N("height:20px;justify-content:space-around;flex-direction:row-reverse",
         N("width:80px;flex-shrink:0"), N("width:80px;flex-shrink:0")))),
    ("justify-content with gaps", 100, 20,
     N("width:100px;height:20px;justify-content:space-between;column-gap:10px",
       N("width:20px"), N("width:10px"), N("width:30px"))),

    # --- align-items / align-self ------------------------------------------
    *[("align-items " + a, 100, 50,
       N("width:100px;height:50px;align-items:" + a,
         N("width:20px;height:10px"), N("width:20px"), N("width:20px;height:30px;margin:2px 0 4px 0")))
      for a in ["flex-start", "flex-end", "center", "stretch", "start", "end"]],
    *[("align-items " + a + " in a column", 50, 100,
       N("width:50px;height:100px;flex-direction:column;align-items:" + a,
         N("width:20px;height:10px"), N("height:20px"), N("width:30px;height:10px;margin:0 4px 0 2px")))
      for a in ["flex-start", "flex-end", "center", "stretch"]],
    *[("align-items " + a + " in wrap-reverse", 100, 50,
       N("width:100px;height:50px;flex-wrap:wrap-reverse;align-items:" + a,
         N("width:20px;height:10px"), N("width:20px"), N("width:20px;height:30px")))
      for a in ["flex-start", "flex-end", "start", "end", "stretch"]],
    ("align-self overrides align-items", 100, 50,
     N("width:100px;height:50px;align-items:center",
       N("width:10px;height:10px;align-self:flex-start"), N("width:10px;height:10px;align-self:flex-end"),
       N("width:10px;align-self:stretch"), N("width:10px;height:10px;align-self:auto"),
       N("width:10px;height:10px;align-self:end"))),
    ("stretch clamped by min and max height", 100, 50,
     N("width:100px;height:50px",
       N("width:10px;max-height:20px"), N("width:10px;min-height:60px"), N("width:10px;height:5px"))),
    ("stretch to the tallest item in an auto-height row", 100, 100,
     N("width:100px;height:100px;align-items:flex-start",
       N("width:80px;padding:3px", N("width:10px;height:25px"), N("width:10px"), N("width:10px;height:5px;align-self:center")))),
    ("overflowing cross alignment", 100, 50,
     N("width:100px;height:50px;align-items:center", N("width:10px;height:80px"), N("width:10px;height:80px;align-self:flex-end"))),

    # --- margins, padding, borders ------------------------------------------
    ("margins", 200, 100,
     N("width:200px;height:100px;align-items:flex-start",
       N("width:20px;height:20px;margin:5px 10px 15px 20px"), N("width:20px;height:20px;margin:10px"),
       N("width:20px;height:20px;margin:-5px 0 0 -5px"))),
    ("auto margins in the main axis", 200, 100,
     N("width:200px;height:100px;flex-direction:column",
       N("height:20px", N("width:20px"), N("width:20px;margin-left:auto")),
       N("height:20px", N("width:20px;margin:0 auto"), N("width:20px")),
       N("height:20px;justify-content:flex-end", N("width:20px;margin-right:auto"), N("width:20px"), N("width:20px;margin-left:auto")),
       N("height:20px", N("width:250px;margin:0 auto;flex-shrink:0")))),
    ("auto margins in the cross axis", 200, 100,
     N("width:200px;height:100px",
       N("width:20px;height:20px;margin-top:auto"), N("width:20px;height:20px;margin:auto 0"),
       N("width:20px;height:20px;margin-bottom:auto;align-self:flex-end"), N("width:20px;margin:auto 0"),
       N("width:20px;height:150px;margin:auto 0"))),
    ("percentage margins refer to the width", 200, 100,
     N("width:200px;height:100px;align-items:flex-start", N("width:20px;height:20px;margin:10% 5%"))),
    ("padding and border on the root and children", 200, 100,
     N("width:180px;height:80px;padding:4px 6px 8px 2px;border-width:3px;align-items:flex-start",
       N("width:20px;height:20px;padding:5px;border-width:2px"), N("padding:10%;border-width:1px"))),
    ("padding with auto size", 200, 100,
     N("width:200px;height:100px;align-items:flex-start",
       N("padding:7px", N("width:20px;height:10px")), N("padding:3px 1px;border-width:2px;flex-direction:column",
                                                           N("width:20px;height:10px"), N("width:5px;height:10px")))),

    # --- percentages ---------------------------------------------------------
    ("percentage sizes", 200, 100,
     N("width:200px;height:100px;padding:10px;align-items:flex-start",
       N("width:50%;height:25%"), N("width:20%;height:100%;min-width:10%"))),
    ("nested percentages", 200, 100,
     N("width:200px;height:100px",
       N("width:50%;padding:5px", N("width:50%;height:50%"), N("width:10%;max-height:20%")))),
    ("percentage height of an indefinite height is auto", 100, 100,
     N("width:100px;height:100px;align-items:flex-start",
       N("width:50px;flex-direction:column", N("height:50%;width:10px", N("width:5px;height:7px")), N("width:10px;height:20px")))),
    ("percentage flex-basis", 200, 50,
     N("width:200px;height:50px", N("flex-basis:25%"), N("flex-basis:50%;flex-grow:1"))),
    ("percentage gaps", 100, 100,
     N("width:100px;height:100px;flex-wrap:wrap;column-gap:10%;row-gap:5%;align-content:flex-start",
       *boxes(5, "width:25px;height:10px"))),
    ("percentages inside a stretched item", 100, 100,
     N("width:100px;height:100px", N("width:50px", N("width:10px;height:50%")))),

    # --- positioning -----------------------------------------------------------
    ("relative offsets", 200, 100,
     N("width:200px;height:100px;align-items:flex-start",
       N("width:20px;height:20px;position:relative;left:10px;top:5px"),
       N("width:20px;height:20px;position:relative;right:10px;bottom:5px"),
       N("width:20px;height:20px;position:relative;left:10%;right:50px;top:10%"))),
    ("absolute with left and top", 200, 100,
     N("width:180px;height:80px;padding:5px;border-width:5px;position:relative",
       N("width:20px;height:20px"), N("width:30px;height:30px;position:absolute;left:10px;top:15px"),
       N("width:20px;height:20px"))),
    ("absolute with right and bottom", 200, 100,
     N("width:180px;height:80px;padding:5px;border-width:5px;position:relative",
       N("width:30px;height:30px;position:absolute;right:10px;bottom:15px;margin:2px"))),
    ("absolute sized by its insets", 200, 100,
     N("width:180px;height:80px;padding:5px;border-width:5px;position:relative",
       N("position:absolute;left:10px;right:20px;top:5px;bottom:10%"))),
    ("absolute percentages refer to the padding box", 200, 100,
     N("width:180px;height:80px;padding:5px;border-width:5px;position:relative",
       N("position:absolute;left:10%;top:50%;width:50%;height:25%"))),
    ("absolute centred by auto margins", 200, 100,
     N("width:200px;height:100px;position:relative",
       N("position:absolute;left:0px;right:0px;top:0px;bottom:0px;width:50px;height:20px;margin:auto"))),
    ("absolute static position", 200, 100,
     N("width:180px;height:80px;padding:10px;position:relative;justify-content:center;align-items:flex-end",
       N("width:20px;height:20px"), N("width:30px;height:30px;position:absolute"),
       N("width:30px;height:30px;position:absolute;top:0px"),
       N("width:30px;height:30px;position:absolute;align-self:flex-start;left:0px"))),
    ("absolute static position in a reversed column", 200, 100,
     N("width:180px;height:80px;padding:10px;position:relative;flex-direction:column-reverse",
       N("width:30px;height:30px;position:absolute"))),
    ("absolute relative to the nearest positioned ancestor", 200, 200,
     N("width:200px;height:200px",
       N("width:150px;height:150px;margin:10px;padding:5px;border-width:2px;position:relative",
         N("width:100px;height:100px;margin:20px;padding:3px",
           N("width:20px;height:20px"),
           N("width:10px;height:10px;position:absolute;left:0px;top:0px"),
           N("width:10px;height:10px;position:absolute;right:0px;bottom:0px"))))),
    ("absolute without a positioned ancestor uses the viewport", 200, 200,
     N("width:150px;height:150px;margin:10px;padding:5px",
       N("width:100px;height:100px;margin:20px",
         N("width:10px;height:10px;position:absolute;left:0px;top:0px"),
         N("width:10%;height:10%;position:absolute;right:0px;bottom:0px")))),
    ("absolute shrink-to-fit", 200, 100,
     N("width:200px;height:100px;position:relative",
       N("position:absolute;left:10px;top:10px;padding:2px", N("width:30px;height:10px"), N("width:20px;height:15px")),
       T("position:absolute;right:10px;bottom:10px;max-width:50px", [20, 20, 20]))),
    ("absolute children of an absolute box", 200, 100,
     N("width:200px;height:100px;position:relative",
       N("position:absolute;left:10px;top:10px;width:100px;height:50px;border-width:1px",
         N("position:absolute;right:0px;bottom:0px;width:10px;height:10px")))),

    # --- display:none ---------------------------------------------------------
    ("display none", 200, 50,
     N("width:200px;height:50px",
       N("width:20px"), N("width:30px;display:none", N("width:5px")), N("width:40px"))),

    # --- measured content -----------------------------------------------------
    ("text in a row", 200, 50,
     N("width:200px;height:50px;align-items:flex-start", T("", [20, 30, 40]), T("padding:2px", [10, 10]))),
    ("text wraps in a fixed-width column", 200, 100,
     N("width:200px;height:100px;align-items:flex-start;flex-direction:column",
       N("width:50px;flex-direction:column", T("", [20, 20, 30]), T("align-self:flex-start", [20, 20, 30])))),
    ("text shrinks and wraps in a row", 100, 50,
     N("width:100px;height:50px;align-items:flex-start", T("", [40, 40, 40]), N("width:40px;height:10px"))),
    ("text fit-content in a column", 100, 100,
     N("width:60px;height:100px;flex-direction:column;align-items:center",
       T("", [30, 30, 30]), T("", [10]), T("padding:0 5px", [100]))),
    ("text with a fixed width", 100, 100,
     N("width:100px;height:100px;align-items:flex-start", T("width:45px", [20, 20, 20]), T("height:5px", [10, 10]))),

    # --- interactions -----------------------------------------------------------
    ("auto-height row clamped by min-height stretches its items", 100, 100,
     N("width:100px;height:100px;align-items:flex-start",
       N("width:100px;min-height:40px", N("width:10px;height:10px"), N("width:10px")))),
    ("auto-width row clamped by max-width shrinks its items", 100, 100,
     N("width:100px;height:100px;flex-direction:column;align-items:flex-start",
       N("max-width:50px;height:10px", N("width:40px"), N("width:40px")))),
    ("auto-size column container hugs its content", 200, 100,
     N("width:200px;height:100px;align-items:flex-start",
       N("flex-direction:column;padding:2px", N("width:30px;height:10px"), N("height:10px"), N("width:50px;height:5px;margin:0 3px")))),
    ("column items keep their content height as automatic minimum", 100, 50,
     N("width:100px;height:50px;flex-direction:column",
       N("height:40px", N("width:10px;height:30px")), N("height:40px"), N("height:40px", N("width:10px;height:5px")))),
    ("column flex-basis 0 with text", 100, 100,
     N("width:100px;height:100px;flex-direction:column",
       T("flex-grow:1;flex-basis:0px", [60, 60, 60, 60]), T("flex-grow:3;flex-basis:0px", [10]))),
    ("wrap-reverse row-reverse with margins", 100, 60,
     N("width:100px;height:60px;flex-direction:row-reverse;flex-wrap:wrap-reverse;align-content:flex-start",
       N("width:30px;height:10px;margin:2px 5px"), N("width:30px;height:15px;margin:1px"), N("width:30px;height:10px"),
       N("width:20px;height:10px;margin-left:auto"))),
    ("column wrap with stretched items", 100, 50,
     N("width:100px;height:50px;flex-direction:column;flex-wrap:wrap;align-content:flex-start",
       N("height:20px", N("width:30px;height:5px")), N("height:20px;width:10px"), N("height:20px", N("width:15px;height:5px")))),
    ("row of columns with text", 200, 100,
     N("width:200px;height:100px",
       N("flex-direction:column;flex-grow:1;padding:3px", T("", [50, 50, 50]), T("", [20])),
       N("flex-direction:column;width:40px", T("", [30, 30]), N("height:5px")))),
    ("relative percentages of an auto height", 100, 100,
     N("width:100px;height:100px;align-items:flex-start",
       N("width:50px", N("width:10px;height:10px;position:relative;top:50%;left:50%")))),
    ("absolute with only right and bottom shrinks to fit", 200, 100,
     N("width:200px;height:100px;position:relative",
       N("position:absolute;right:5px;bottom:5px;padding:1px;border-width:1px",
         N("width:20px;height:20px"), N("width:10px;height:10px;align-self:flex-end")))),
    ("absolute with min and max sizes", 200, 100,
     N("width:200px;height:100px;position:relative",
       N("position:absolute;left:10px;right:10px;max-width:50px;top:0px;height:10px"),
       N("position:absolute;left:10px;top:20px;min-width:60px;width:20px;min-height:30px;height:10px"),
       N("position:absolute;left:0px;right:0px;top:60px;max-width:50px;height:10px;margin:0 auto"))),
    ("absolute percentages of a relative item", 200, 100,
     N("width:200px;height:100px;padding:10px",
       N("width:100px;height:50px;position:relative;padding:5px;border-width:5px;margin:5px",
         N("position:absolute;left:50%;top:50%;width:50%;height:50%")))),
    ("negative margins in a column", 100, 100,
     N("width:100px;height:100px;flex-direction:column",
       N("height:20px;margin:-5px 10px 0 -5px"), N("height:20px;margin-top:-10px"), N("height:20px"))),
    ("stretch with auto cross margins is off", 100, 50,
     N("width:100px;height:50px", N("width:10px;margin-top:auto", N("width:5px;height:5px")), N("width:10px"))),
    ("align-items center with text in a column", 100, 100,
     N("width:100px;height:100px;flex-direction:column;align-items:center",
       T("", [20, 20]), T("max-width:25px", [20, 20]), T("min-width:70px", [10]))),
    ("grow with max in a column of auto width", 100, 100,
     N("width:100px;height:100px;align-items:flex-start",
       N("flex-direction:column;height:80px", N("flex-grow:1;width:20px;max-height:30px"), N("flex-grow:1;width:10px")))),
    ("gaps in nowrap rows and columns", 100, 100,
     N("width:100px;height:100px;flex-direction:column;row-gap:5px;align-items:flex-start",
       N("column-gap:7px", N("width:10px;height:10px"), N("width:10px;height:10px"), N("width:10px;height:10px")),
       N("height:10px;width:30px"), N("column-gap:7px;row-gap:20px", N("width:10px;height:10px;flex-grow:1")))),
    ("column containers with max-width and min-width around text", 200, 100,
     N("width:200px;height:100px;align-items:flex-start",
       N("flex-direction:column;max-width:50px;border-width:1px", T("", [40, 40])),
       N("flex-direction:column;min-width:100px", T("", [40, 40, 40])),
       N("flex-direction:column;max-width:30px", T("", [40, 10])))),
    ("wrapping row with max-width in a column", 200, 100,
     N("width:200px;height:100px;flex-direction:column;align-items:flex-start",
       N("flex-wrap:wrap;max-width:45px;column-gap:5px", *boxes(4, "width:10px;height:10px"), N("width:20px;height:5px")))),
    ("percentages inside stretched items of auto-height rows (§9.8 rule 3)", 100, 200,
     N("width:100px;height:200px;flex-direction:column;align-items:flex-start",
       N("width:100px", N("width:20px;height:60px"), N("width:20px", N("width:10px;height:50%"))),
       N("width:100px;flex-wrap:wrap", N("width:20px;height:40px"), N("width:20px", N("width:10px;height:50%"))))),
    ("percentages inside flexed items of an auto-height column are indefinite", 100, 200,
     N("width:100px;height:200px;align-items:flex-start",
       N("width:100px;flex-direction:column;min-height:100px", N("flex-grow:1;width:20px", N("width:10px;height:50%"))))),
    # --- em fallback, the root ----------------------------------------------
    ("em lengths use the node's font size", 200, 100,
     N("width:200px;height:100px;align-items:flex-start",
       N("font-size:10px;width:3em;height:2em;margin-left:1em"), N("font-size:20px;width:2em;height:1em;padding:0.5em"))),
    ("root margins", 200, 100,
     N("width:150px;height:50px;margin:10px 0 0 20px;padding:5px", N("flex-grow:1"))),
]

# ---------------------------------------------------------------------------


def flatten(root):
    """Pre-order list of (parent index, node)."""
    out = []

    def walk(node, parent):
        idx = len(out)
        out.append((parent, node))
        for c in node["children"]:
            walk(c, idx)

    walk(root, -1)
    return out


def node_html(node, ids):
    i = ids[id(node)]
    if "words" in node:
        words = " ".join('<span style="width:%gpx;height:%gpx"></span>' % (w, node["line"]) for w in node["words"])
        return '<div data-i="%d" class="t" style="%s">%s</div>' % (i, html.escape(node["style"]), words)
    inner = "".join(node_html(c, ids) for c in node["children"])
    return '<div data-i="%d" style="%s">%s</div>' % (i, html.escape(node["style"]), inner)


def page(cases):
    parts = ['<!doctype html><html><head><meta charset="utf-8"><style>',
             "body{margin:0}",
             "div{display:flex;box-sizing:content-box;border:0 solid black;margin:0;padding:0}",
             "div.vp{display:flow-root;position:relative;margin-bottom:10px}",
             "div.t{display:block;font-size:0;line-height:0}",
             "span{display:inline-block;vertical-align:top}",
             "</style></head><body>"]
    for name, vw, vh, root in cases:
        flat = flatten(root)
        ids = {id(n): i for i, (_, n) in enumerate(flat)}
        parts.append('<div class="vp" style="width:%dpx;height:%dpx">%s</div>' % (vw, vh, node_html(root, ids)))
    parts.append('<pre id="out"></pre><script>'
                 "const out=[];"
                 "for(const vp of document.querySelectorAll('div.vp')){"
                 " const o=vp.getBoundingClientRect();"
                 " out.push([...vp.querySelectorAll('div[data-i]')].map(e=>{"
                 "  if(e.getClientRects().length===0)return null;"
                 "  const b=e.getBoundingClientRect();return [b.x-o.x,b.y-o.y,b.width,b.height];}));}"
                 "document.getElementById('out').textContent=JSON.stringify(out);"
                 "</script></body></html>")
    return "".join(parts)


def record():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "cases.html")
        with open(path, "w") as f:
            f.write(page(CASES))
        exe = next((e for e in ("chromium", "chromium-browser", "google-chrome") if subprocess.call(
            ["sh", "-c", "command -v " + e], stdout=subprocess.DEVNULL) == 0), None)
        if exe is None:
            sys.exit("no chromium found: apt-get install -y chromium, or use --from-json")
        dom = subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + path],
                             capture_output=True, text=True, timeout=120).stdout
    m = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    if not m:
        sys.exit("the page did not report its rects")
    rects = json.loads(html.unescape(m.group(1)))
    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
    recorded = {"browser": version, "cases": []}
    for (name, vw, vh, root), case_rects in zip(CASES, rects):
        flat = flatten(root)
        assert len(flat) == len(case_rects), name
        nodes = []
        for (parent, node), r in zip(flat, case_rects):
            entry = {"parent": parent, "style": node["style"], "rect": r}
            if "words" in node:
                entry["words"] = node["words"]
                entry["line"] = node["line"]
            nodes.append(entry)
        recorded["cases"].append({"name": name, "viewport": [vw, vh], "nodes": nodes})
    with open(JSON_PATH, "w") as f:
        json.dump(recorded, f, indent=1)
        f.write("\n")
    return recorded


def cnum(v):
    s = repr(float(v))
    return s + "f"


def write_inc(recorded):
    lines = ["// Generated by gen_flex_cases.py from recorded.json (%s); do not edit." % recorded["browser"],
             "// {name, viewport, nodes: {parent, style, words, line height, expected rect or hidden}}"]
    for case in recorded["cases"]:
        lines.append("{%s, %s, %s, {" % (json.dumps(case["name"]), cnum(case["viewport"][0]), cnum(case["viewport"][1])))
        for n in case["nodes"]:
            words = "{" + ", ".join(cnum(w) for w in n.get("words", [])) + "}"
            r = n["rect"]
            rect = "false, {%s}" % ", ".join(cnum(v) for v in r) if r is not None else "true, {}"
            lines.append("  {%d, %s, %s, %s, %s}," % (n["parent"], json.dumps(n["style"]), words,
                                                     cnum(n.get("line", 0)), rect))
        lines.append("}},")
    with open(INC_PATH, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    if "--from-json" in sys.argv[1:]:
        with open(JSON_PATH) as f:
            recorded = json.load(f)
    else:
        recorded = record()
    write_inc(recorded)
    print("%d cases, %d boxes" % (len(recorded["cases"]), sum(len(c["nodes"]) for c in recorded["cases"])))


if __name__ == "__main__":
    main()
