"""The running totals as an SVG chart drawn on the server by pygal (imported only here).

pygal's own script is never sent: ``js=[]`` leaves out its tooltips script from another host,
and the one inline ``<script>`` it still writes (its config) is taken out of the tree before
the SVG is written, so the chart is an image and nothing else. Names are text nodes of the
SVG (escaped by the XML writer).
"""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]


def series(sheet: Json) -> tuple[list[str], dict[str, list[int]]]:
    """The finished deals' numbers (``0`` first) and each name's running total after them
    (the same figures as ``referee score --chart``)."""
    xs = ["0"]
    ys: dict[str, list[int]] = {n: [0] for n in sheet["names"]}
    for row in sheet["rows"]:
        if not row["finished"] or row["scores"] is None:
            continue
        xs.append(str(row["number"]))
        for n in sheet["names"]:
            ys[n].append(row["totals"][n])
    return xs, ys


def svg(sheet: Json, title: str) -> str:
    """The chart as an SVG document (a line per player or team), or a small SVG saying there
    is nothing to draw yet."""
    import pygal
    from pygal.etree import etree
    from pygal.style import DefaultStyle

    xs, ys = series(sheet)
    style = DefaultStyle(no_data_font_size=20, legend_font_size=13, title_font_size=16,
                         label_font_size=12, major_label_font_size=12,
                         font_family="system-ui, sans-serif")
    chart = pygal.Line(js=[], style=style, width=640, height=360, explicit_size=False,
                       dots_size=3,
                       show_legend=True, legend_at_bottom=True, truncate_legend=40,
                       x_title=sheet["unit"], y_title="running total", title=title,
                       no_data_text=f"no finished {sheet['unit']} yet")
    chart.x_labels = xs if len(xs) > 1 else []
    if len(xs) > 1:
        for name, values in ys.items():
            chart.add(name, values)
    root = chart.render_tree()
    for parent in list(root.iter()):
        for child in list(parent):
            tag = child.tag if isinstance(child.tag, str) else ""
            if tag.rpartition("}")[2] == "script":
                parent.remove(child)
    text: str = etree.tostring(root, encoding="unicode")
    return text
