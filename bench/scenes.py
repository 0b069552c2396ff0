"""The benchmark scenes: a grid of FancyButtons, written three ways that draw the same pixels.

- a Designable style file (what `designable render`, `bench` and `preview` read),
- an SVG (what `rsvg-convert` reads): same geometry, colours, text and icon,
- a plain-text list, one button per line (what the C floor program `floor.c` reads).

Every button has rounded corners, a two-stop left-to-right gradient, a border drawn inside its
bounds in the style file's one theme colour (so that changing that colour restyles every view, the
live preview's hardest save), and a centred title in DejaVu Sans; every 4th also has the Facebook
icon left of the title, drawn as a template image (its alpha filled with the tint colour). Titles
and colours vary with the button's index only, so every run draws the same scene.

The three saves the live preview is timed on are made here too (`Scene.edited`): one view's title,
the theme colour, and the canvas background, each alternating so that every save changes pixels.
"""

import dataclasses
import os
import shutil
import xml.etree.ElementTree as ElementTree

# A 100×32-point button on an 8-point grid: 2,000 buttons at 3× make 6504×12024 pixels, about
# 78 megapixels, well under Designable's 128-megapixel limit on a canvas.
BUTTON_WIDTH, BUTTON_HEIGHT, GAP, COLUMNS = 100, 32, 8, 20
BACKGROUND = "#F2F2F7"
BACKGROUND_EDITED = "#E5E5EA"  # what a background save alternates with
# The one theme colour: every button's border. A name no CSS or system colour has.
THEME_COLOR = "edge"
EDGE = "#1C1C1E"
EDGE_EDITED = "#D70015"  # what a theme save alternates with
# 12 points are 12 pixels at 1×: the titles the scenes had when Pango's 96 dpi made "9" that size,
# so timings stay comparable across that change.
FONT_FAMILY, FONT_POINTS = "DejaVu Sans", 12
ICON_NAME = "facebook"
ICON_SIZE = 24  # facebook.svg's own width and height, which Designable draws it at.

WORDS = ["Buy", "Save", "Next", "Play", "Send", "Open", "Join", "Share"]
GRADIENTS = [("#F37335", "#FDC830"), ("#2193B0", "#6DD5ED"), ("#5B2A86", "#A10FFF"), ("#FF5F6D", "#FFC371"),
             ("#11998E", "#38EF7D"), ("#3B5998", "#8B9DC3"), ("#EE0979", "#FF6A00"), ("#E0EAFC", "#A8C0E8")]
TITLE_COLORS = ["#FFFFFF", "#FFFFFF", "#FFFFFF", "#1C1C1E"]
RADII = [4, 8, 16]
BORDER_WIDTHS = [1, 2]
TINT = "#FFFFFF"


@dataclasses.dataclass(frozen=True)
class Button:
    x: float
    y: float
    width: float
    height: float
    title: str
    title_color: str
    gradient: tuple
    radius: float
    border_width: float
    has_icon: bool


@dataclasses.dataclass(frozen=True)
class Scene:
    name: str
    width: float
    height: float
    buttons: tuple
    background: str = BACKGROUND
    edge: str = EDGE  # the theme colour's value

    def with_first_title(self, title):
        """The same scene with the first button retitled: an edit the preview must redraw."""
        first = dataclasses.replace(self.buttons[0], title=title)
        return dataclasses.replace(self, buttons=(first,) + self.buttons[1:])

    def edited(self, kind, number):
        """The scene after the `number`-th save (from 1) of `kind`: "view" retitles the first button
        ("Edit N"), "theme" and "background" switch the theme colour or the canvas background to
        the other of their two values, so each save changes what the last one drew."""
        if kind == "view":
            return self.with_first_title(f"Edit {number}")
        if kind == "theme":
            return dataclasses.replace(self, edge=EDGE_EDITED if self.edge == EDGE else EDGE)
        if kind == "background":
            return dataclasses.replace(self, background=BACKGROUND_EDITED if self.background == BACKGROUND else BACKGROUND)
        raise ValueError(f"no edit kind {kind!r}")


def button_rect(button):
    return button.x, button.y, button.width, button.height


def title_band(rect):
    """A 4-point band across the middle of a button's rectangle (x, y, w, h): through its title, so
    it changes when the title or the button's look does, yet small, so that reading it often
    costs the X server and the preview little."""
    x, y, width, height = rect
    return x, y + height / 2 - 2, width, 4


def border_strip(button):
    """The straight part of the button's top border, the corners left out: theme-coloured pixels."""
    inset = max(button.radius, button.border_width) + 1
    return button.x + inset, button.y, button.width - 2 * inset, button.border_width


def gap_square(button):
    """A 4-point square of background in the gap right of the button (the canvas's margin after the
    last button of a row), clear of the anti-aliased edges."""
    return button.x + button.width + 2, button.y + button.height / 2 - 2, GAP - 4, 4


def watched_regions(scene, kind):
    """What a save of `kind` must change, as a function of the preview's window geometry (an object
    whose `pixels(rect)` is None for a rect not wholly in the window): the first button's title
    band for a one-view edit; for the theme colour and the background, a border strip or a gap
    beside the first button and beside the last button the window shows, so that the save counts
    as on screen only once both ends of what it restyles have changed."""
    first = scene.buttons[0]
    if kind == "view":
        return lambda geometry: [title_band(button_rect(first))]
    part = border_strip if kind == "theme" else gap_square

    def regions(geometry):
        last = next((b for b in reversed(scene.buttons) if geometry.pixels(part(b)) is not None), first)
        return [part(first)] + ([part(last)] if last is not first else [])
    return regions


def make_scene(count):
    """`count` buttons in rows of COLUMNS, GAP points apart and from the canvas edge."""
    buttons = []
    for index in range(count):
        row, column = divmod(index, COLUMNS)
        buttons.append(Button(
            x=GAP + column * (BUTTON_WIDTH + GAP), y=GAP + row * (BUTTON_HEIGHT + GAP),
            width=BUTTON_WIDTH, height=BUTTON_HEIGHT,
            title=f"{WORDS[index % len(WORDS)]} {index + 1}",
            title_color=TITLE_COLORS[index % len(TITLE_COLORS)],
            gradient=GRADIENTS[index % len(GRADIENTS)],
            radius=RADII[index % len(RADII)],
            border_width=BORDER_WIDTHS[(index // 3) % len(BORDER_WIDTHS)],
            has_icon=index % 4 == 0))
    columns = min(count, COLUMNS)
    rows = -(-count // COLUMNS)
    return Scene(name=f"{count}-buttons",
                 width=GAP + columns * (BUTTON_WIDTH + GAP), height=GAP + rows * (BUTTON_HEIGHT + GAP),
                 buttons=tuple(buttons))


def font_description():
    """The Pango font description Designable and the C floor use."""
    return f"{FONT_FAMILY} {FONT_POINTS}"


# MARK: - Designable style file

def style_text(scene):
    lines = [f"# {len(scene.buttons)} FancyButtons for the Designable benchmark (generated by bench/scenes.py).",
             f'canvas: {{size: [{number(scene.width)}, {number(scene.height)}], background: "{scene.background}"}}',
             f'theme: {{colors: {{{THEME_COLOR}: "{scene.edge}"}}}}',
             "views:"]
    for button in scene.buttons:
        fields = [
            "class: FancyButton",
            f"frame: [{number(button.x)}, {number(button.y)}, {number(button.width)}, {number(button.height)}]",
            f"title: {quoted(button.title)}",
            f'titleColor: "{button.title_color}"',
            f'font: "{font_description()}"',
            "enableGradientBackground: true",
            f'gradientColor1: "{button.gradient[0]}"',
            f'gradientColor2: "{button.gradient[1]}"',
            f"cornerRadius: {number(button.radius)}",
            f"borderWidth: {number(button.border_width)}",
            f"borderColor: {THEME_COLOR}",
        ]
        if button.has_icon:
            fields += [f"image: {ICON_NAME}", "imageRendering: template", f'tintColor: "{TINT}"']
        lines.append("  - {" + ", ".join(fields) + "}")
    return "\n".join(lines) + "\n"


# MARK: - Plain-text scene for floor.c

def floor_text(scene, icon_path):
    """Header lines, then one tab-separated line per button with the title last."""
    lines = [f"canvas\t{number(scene.width)}\t{number(scene.height)}\t{scene.background}",
             f"font\t{font_description()}",
             f"icon\t{icon_path}\t{TINT}"]
    for b in scene.buttons:
        lines.append("\t".join(["button", number(b.x), number(b.y), number(b.width), number(b.height),
                                number(b.radius), number(b.border_width), scene.edge,
                                b.gradient[0], b.gradient[1], b.title_color, "1" if b.has_icon else "0", b.title]))
    return "\n".join(lines) + "\n"


# MARK: - SVG

def svg_text(scene, icon_path, metrics):
    """The scene as SVG. `metrics` maps each title to Pango's (width, height, baseline) in points,
    measured by the C floor exactly as Designable measures: SVG cannot centre an icon and a title
    as one group without knowing the title's width.

    Each button is its rounded-rectangle path filled with the gradient, then the icon, the title
    and the border ring: the same shapes Designable and the floor fill, and nothing more. No
    clip-path group: the icon and the title lie inside the rounded rectangle, so a clip would
    change no pixel and would only make rsvg-convert render each button through an offscreen
    group, a cost the others do not pay."""
    icon = icon_symbol(icon_path)
    gradient_ids = {pair: f"g{index}" for index, pair in enumerate(GRADIENTS)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           f'width="{number(scene.width)}" height="{number(scene.height)}" '
           f'viewBox="0 0 {number(scene.width)} {number(scene.height)}">',
           "<defs>", icon]
    # objectBoundingBox units run each gradient from the left edge of the shape it fills (the
    # rounded rectangle, whose box is the button's) to its right edge.
    for (first, second), identifier in gradient_ids.items():
        out.append(f'<linearGradient id="{identifier}" x1="0" y1="0" x2="1" y2="0">'
                   f'<stop offset="0" stop-color="{first}"/><stop offset="1" stop-color="{second}"/></linearGradient>')
    out.append("</defs>")
    out.append(f'<rect width="100%" height="100%" fill="{scene.background}"/>')
    font_pixels = FONT_POINTS  # Designable's points are pixels at 1x, as SVG user units (CSS pixels) are.
    for b in scene.buttons:
        width, height, baseline = metrics[b.title]
        icon_width = ICON_SIZE if b.has_icon else 0
        left = b.x + b.width / 2 - (icon_width + width) / 2
        middle = b.y + b.height / 2
        outline = rounded_rect_path(b.x, b.y, b.width, b.height, b.radius)
        out.append(f'<path fill="url(#{gradient_ids[b.gradient]})" d="{outline}"/>')
        if b.has_icon:
            out.append(f'<use xlink:href="#icon" x="{number(left)}" y="{number(middle - ICON_SIZE / 2)}" '
                       f'width="{ICON_SIZE}" height="{ICON_SIZE}" fill="{TINT}"/>')
        out.append(f'<text x="{number(left + icon_width)}" y="{number(middle - height / 2 + baseline)}" '
                   f'font-family="{FONT_FAMILY}" font-size="{number(font_pixels)}" fill="{b.title_color}">'
                   f'{escape(b.title)}</text>')
        # The border inside the bounds: the rounded rectangle minus the one inset by its width.
        inset = min(b.border_width, b.width / 2, b.height / 2)
        ring = (outline + " " + rounded_rect_path(b.x + inset, b.y + inset, b.width - 2 * inset, b.height - 2 * inset,
                                                  max(0, b.radius - inset)))
        out.append(f'<path fill-rule="evenodd" fill="{scene.edge}" d="{ring}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def icon_symbol(icon_path):
    """The icon's shapes as a <symbol> with their own fills removed, so a <use fill=...> paints
    them in the tint: the template look (the icon's alpha filled with one colour)."""
    root = ElementTree.parse(icon_path).getroot()
    namespace = "{http://www.w3.org/2000/svg}"
    shapes = []
    for element in root.iter():
        if element is root:
            continue
        element.attrib.pop("fill", None)
        tag = element.tag.replace(namespace, "")
        attributes = " ".join(f'{key}="{escape(value)}"' for key, value in element.attrib.items())
        shapes.append(f"<{tag} {attributes}/>")
    view_box = root.get("viewBox", f"0 0 {ICON_SIZE} {ICON_SIZE}")
    return f'<symbol id="icon" viewBox="{view_box}">' + "".join(shapes) + "</symbol>"


def rounded_rect_path(x, y, width, height, radius):
    """Designable's rounded rectangle: circular corners, the radius clamped to half the shorter side."""
    r = max(0, min(radius, width / 2, height / 2))
    if r == 0:
        return f"M{number(x)},{number(y)}h{number(width)}v{number(height)}h{number(-width)}z"
    n = number
    return (f"M{n(x + r)},{n(y)}H{n(x + width - r)}A{n(r)},{n(r)} 0 0 1 {n(x + width)},{n(y + r)}"
            f"V{n(y + height - r)}A{n(r)},{n(r)} 0 0 1 {n(x + width - r)},{n(y + height)}"
            f"H{n(x + r)}A{n(r)},{n(r)} 0 0 1 {n(x)},{n(y + height - r)}"
            f"V{n(y + r)}A{n(r)},{n(r)} 0 0 1 {n(x + r)},{n(y)}Z")


# MARK: - Files

@dataclasses.dataclass(frozen=True)
class SceneFiles:
    scene: Scene
    style: str
    svg: str
    floor: str


def write_scene(scene, folder, icon_source, measure):
    """Writes the scene's three files into `folder`, next to a copy of the icon so the style file
    finds it by name. `measure(floor_path)` returns the title metrics for the SVG."""
    os.makedirs(folder, exist_ok=True)
    icon_path = os.path.join(folder, os.path.basename(icon_source))
    shutil.copyfile(icon_source, icon_path)
    files = SceneFiles(scene, style=os.path.join(folder, scene.name + ".yaml"),
                       svg=os.path.join(folder, scene.name + ".svg"), floor=os.path.join(folder, scene.name + ".txt"))
    write(files.style, style_text(scene))
    write(files.floor, floor_text(scene, icon_path))
    write(files.svg, svg_text(scene, icon_path, measure(files.floor)))
    return files


def write(path, text):
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def number(value):
    """A coordinate without trailing zeros: 8, 12.5, 0.333."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


# MARK: - Nested scene: compound views

# 200 uses of one compound preset, "Card", each a view of 10 subviews (two of them inside the
# header strip), placed by frame in rows of CARD_COLUMNS: the nested rows of the benchmark. Each
# use sets its own values through nested: (its title, subtitle, caption, badge, price, the icon's
# tint), so that every card draws differently and a one-value save inside one card changes pixels.
CARD_WIDTH, CARD_HEIGHT, CARD_COLUMNS = 192, 112, 8
CARD_COUNT = 200
CARD_SUBVIEWS = 10  # every view inside a card, at any depth
HEADER = "#5E5CE6"  # the preset's header colour (the gradient's start)
HEADER_EDITED = "#FF9F0A"  # what a preset save alternates with
HEADER_END = "#BF5AF2"
CARD_WORDS = ["Headphones", "Speaker", "Camera", "Keyboard", "Monitor", "Tablet", "Watch", "Charger"]
TINTS = ["#0A84FF", "#30D158", "#FF375F", "#FF9F0A", "#64D2FF", "#BF5AF2"]


@dataclasses.dataclass(frozen=True)
class Card:
    x: float
    y: float
    title: str
    subtitle: str
    caption: str
    badge: str
    price: str
    tint: str

    @property
    def rect(self):
        return self.x, self.y, CARD_WIDTH, CARD_HEIGHT


@dataclasses.dataclass(frozen=True)
class CardScene:
    name: str
    width: float
    height: float
    cards: tuple
    background: str = BACKGROUND
    header: str = HEADER  # the preset's header colour

    def edited(self, kind, number):
        """The scene after the `number`-th save (from 1) of `kind`: "nested" retitles the first card
        through its nested: entry ("Edit N"), "preset" switches the preset's header colour (every
        card's header strip) and "background" the canvas background to the other of two values."""
        if kind == "nested":
            first = dataclasses.replace(self.cards[0], title=f"Edit {number}")
            return dataclasses.replace(self, cards=(first,) + self.cards[1:])
        if kind == "preset":
            return dataclasses.replace(self, header=HEADER_EDITED if self.header == HEADER else HEADER)
        if kind == "background":
            return dataclasses.replace(self, background=BACKGROUND_EDITED if self.background == BACKGROUND else BACKGROUND)
        raise ValueError(f"no edit kind {kind!r}")


def make_cards(count=CARD_COUNT):
    """`count` cards in rows of CARD_COLUMNS, GAP points apart and from the canvas edge."""
    cards = []
    for index in range(count):
        row, column = divmod(index, CARD_COLUMNS)
        word = CARD_WORDS[index % len(CARD_WORDS)]
        cards.append(Card(x=GAP + column * (CARD_WIDTH + GAP), y=GAP + row * (CARD_HEIGHT + GAP),
                          title=f"{word} {index + 1}", subtitle=f"Model {chr(65 + index % 26)}{index % 7 + 1}, "
                          f"{index % 5 + 2} colours", caption=f"No. {index + 1}", badge=str(index % 9 + 1),
                          price=f"€{(index * 37) % 900 + 19}", tint=TINTS[index % len(TINTS)]))
    columns = min(count, CARD_COLUMNS)
    rows = -(-count // CARD_COLUMNS)
    return CardScene(name=f"{count}-cards", width=GAP + columns * (CARD_WIDTH + GAP),
                     height=GAP + rows * (CARD_HEIGHT + GAP), cards=tuple(cards))


def card_title_rect(card):
    """The title label's frame in the canvas (the preset pins it top 36, leading 58, trailing 10, height 18)."""
    return card.x + 58, card.y + 36, CARD_WIDTH - 68, 18


def card_header_patch(card):
    """A patch of the header strip between its caption and its badge: gradient, no text, no corner."""
    return card.x + 112, card.y + 10, 36, 8


def card_gap_square(card):
    """A 4-point square of background in the gap right of the card."""
    return card.x + CARD_WIDTH + 2, card.y + CARD_HEIGHT / 2 - 2, GAP - 4, 4


def card_watched_regions(scene, kind):
    """As watched_regions, for the card scene: the first card's title band for a nested save; for the
    preset's header colour and the background, a patch of header or of gap beside the first card
    and beside the last card the window shows."""
    first = scene.cards[0]
    if kind == "nested":
        return lambda geometry: [title_band(card_title_rect(first))]
    part = card_header_patch if kind == "preset" else card_gap_square

    def regions(geometry):
        last = next((c for c in reversed(scene.cards) if geometry.pixels(part(c)) is not None), first)
        return [part(first)] + ([part(last)] if last is not first else [])
    return regions


def cards_text(scene):
    """The card scene as a Designable style file: the preset in styles:, then one line a use."""
    font = FONT_FAMILY
    lines = [f"# {len(scene.cards)} compound views of {CARD_SUBVIEWS} subviews each for the Designable benchmark "
             "(generated by bench/scenes.py).",
             f'canvas: {{size: [{number(scene.width)}, {number(scene.height)}], background: "{scene.background}"}}',
             "styles:",
             "  Card:",
             "    class: UIView",
             f"    size: [{CARD_WIDTH}, {CARD_HEIGHT}]",
             "    backgroundColor: white",
             '    layer: {cornerRadius: 10, borderWidth: 1, borderColor: "#D1D1D6"}',
             "    subviews:",
             "      - class: DesignableView",
             "        id: header",
             "        pin: {top: 0, leading: 0, trailing: 0, height: 28}",
             f'        startColor: "{scene.header}"',
             f'        endColor: "{HEADER_END}"',
             "        startPoint: left",
             "        cornerRadius: 10",
             "        cornerSides: [topLeft, topRight]",
             "        subviews:",
             f'          - {{class: UILabel, id: caption, text: "No. 0", font: "{font} Bold 11", textColor: white, '
             "pin: {leading: 10, centerY: 0, width: 96, height: 14}}",
             f'          - {{class: PillUILabel, id: badge, text: "0", font: "{font} Bold 10", textColor: white, '
             "backgroundColor: systemRed, verticalPad: 1, pin: {trailing: 8, centerY: 0}}",
             f"      - {{class: UIImageView, id: icon, image: {ICON_NAME}, imageRendering: template, tintColor: systemBlue, "
             "contentMode: scaleAspectFit, pin: {top: 36, leading: 10, width: 40, height: 40}}",
             f'      - {{class: UILabel, id: title, text: Title, font: "{font} Bold 14", '
             "pin: {top: 36, leading: 58, trailing: 10, height: 18}}",
             f'      - {{class: UILabel, id: subtitle, text: Subtitle, font: "{font} 11", textColor: secondaryLabel, '
             "pin: {top: 56, leading: 58, trailing: 10, height: 14}}",
             "      - {class: UIView, id: status, backgroundColor: systemGreen, layer: {cornerRadius: 4}, "
             "pin: {top: 62, leading: 44, width: 8, height: 8}}",
             "      - {class: UIView, id: divider, backgroundColor: systemGray5, "
             "pin: {top: 80, leading: 10, trailing: 10, height: 1}}",
             f'      - {{class: UILabel, id: price, text: "€0", font: "{font} Bold 13", '
             "pin: {bottom: 6, leading: 10, width: 80, height: 20}}",
             f'      - {{class: FancyButton, id: add, title: Add, font: "{font} Bold 12", titleColor: white, '
             "backgroundColor: systemBlue, cornerRadius: 6, pin: {bottom: 5, trailing: 10, width: 64, height: 22}}",
             "views:"]
    for index, card in enumerate(scene.cards):
        nested = ", ".join([f"title: {{text: {quoted(card.title)}}}", f"subtitle: {{text: {quoted(card.subtitle)}}}",
                            f'"header/caption": {{text: {quoted(card.caption)}}}',
                            f'"header/badge": {{text: {quoted(card.badge)}}}',
                            f"price: {{text: {quoted(card.price)}}}", f'icon: {{tintColor: "{card.tint}"}}'])
        lines.append(f"  - {{style: Card, id: c{index + 1}, frame: [{number(card.x)}, {number(card.y)}, "
                     f"{CARD_WIDTH}, {CARD_HEIGHT}], nested: {{{nested}}}}}")
    return "\n".join(lines) + "\n"


def write_cards(scene, folder, icon_source):
    """Writes the card scene's style file into `folder`, next to a copy of the icon; its path."""
    os.makedirs(folder, exist_ok=True)
    shutil.copyfile(icon_source, os.path.join(folder, os.path.basename(icon_source)))
    path = os.path.join(folder, scene.name + ".yaml")
    write(path, cards_text(scene))
    return path
