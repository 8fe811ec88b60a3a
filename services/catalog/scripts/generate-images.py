#!/usr/bin/env python3
"""Renders the seed hotels' pictures into assets/images/hotels/hNN/ (hero, room, gym-1..3).

Each picture is a painted scene, not a photograph: a city skyline at a time of day for the hero,
a room with a view, and gym interiors (racks, dumbbells, cardio rows, a pool for spa hotels),
softened with blur, vignette and grain so they read like photos at card size. Deterministic per
hotel id, so re-running gives the same files. Needs Pillow (pip install pillow).

Usage: python3 services/catalog/scripts/generate-images.py
"""
import math
import os
import random

from PIL import Image, ImageDraw, ImageFilter

W, H = 1200, 800
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'assets', 'images', 'hotels')

# id -> (city, gym image count, has pool)  (mirrors scripts/seed-data.ts)
HOTELS = {
    1: ('new-york', 3, False), 2: ('new-york', 3, True), 3: ('new-york', 2, False), 4: ('new-york', 2, False),
    5: ('new-york', 3, False), 6: ('london', 3, True), 7: ('london', 2, False), 8: ('london', 3, True),
    9: ('london', 2, True), 10: ('london', 2, False), 11: ('tokyo', 3, True), 12: ('tokyo', 2, False),
    13: ('tokyo', 3, False), 14: ('tokyo', 2, False), 15: ('paris', 3, True), 16: ('paris', 2, False),
    17: ('paris', 3, True), 18: ('paris', 2, False), 19: ('dubai', 3, True), 20: ('dubai', 3, True),
    21: ('dubai', 2, True), 22: ('dubai', 2, True), 23: ('abu-dhabi', 3, True), 24: ('abu-dhabi', 2, True),
    25: ('abu-dhabi', 2, False),
}

# Sky palettes (top, horizon) by time of day.
SKIES = [
    ((18, 32, 74), (250, 160, 90)),    # dusk
    ((40, 90, 170), (190, 220, 245)),  # clear day
    ((12, 16, 40), (70, 60, 120)),     # night
    ((90, 70, 140), (255, 190, 140)),  # sunrise
    ((60, 110, 160), (240, 210, 170)), # golden hour
]

WALLS = [(62, 66, 74), (214, 205, 192), (38, 42, 48), (176, 168, 160), (92, 84, 78), (226, 222, 214)]
FLOORS = [(40, 40, 44), (120, 92, 64), (60, 64, 70), (150, 120, 90), (30, 34, 40)]
ACCENTS = [(230, 90, 40), (40, 160, 200), (220, 180, 60), (200, 60, 80), (80, 180, 120), (150, 110, 220)]


def lerp(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def gradient(draw, box, top, bottom):
    x0, y0, x1, y1 = box
    for y in range(y0, y1):
        t = (y - y0) / max(1, (y1 - y0 - 1))
        draw.line([(x0, y), (x1, y)], fill=lerp(top, bottom, t))


def finish(img, rnd, blur=1.2):
    """Soft focus, vignette and fine grain: what makes a painted scene read as a photo."""
    img = img.filter(ImageFilter.GaussianBlur(blur))
    vignette = Image.new('L', (W, H), 0)
    vd = ImageDraw.Draw(vignette)
    for i in range(40):
        v = int(255 * (i / 40) ** 1.6)
        vd.ellipse([-W * 0.25 + i * 9, -H * 0.3 + i * 7, W * 1.25 - i * 9, H * 1.3 - i * 7], fill=v)
    vignette = vignette.filter(ImageFilter.GaussianBlur(60))
    dark = Image.new('RGB', (W, H), (8, 8, 12))
    img = Image.composite(img, dark, vignette)
    noise = Image.effect_noise((W, H), 14).convert('RGB')
    img = Image.blend(img, noise, 0.035)
    return img


def window_lights(draw, x0, y0, x1, y1, rnd, lit, color=(255, 220, 150)):
    for y in range(int(y0) + 8, int(y1) - 6, 14):
        for x in range(int(x0) + 5, int(x1) - 5, 11):
            if rnd.random() < lit:
                draw.rectangle([x, y, x + 4, y + 6], fill=lerp(color, (255, 255, 255), rnd.random() * 0.3))


def skyline(draw, city, rnd, base, night):
    lit = 0.45 if night else 0.08
    x = -20
    silhouette = (22, 26, 38) if night else (48, 56, 72)
    while x < W + 20:
        w = rnd.randint(50, 130)
        if city == 'new-york':
            h = rnd.randint(180, 470)
        elif city == 'london':
            h = rnd.randint(90, 260)
        elif city == 'tokyo':
            h = rnd.randint(160, 420)
        elif city == 'paris':
            h = rnd.randint(90, 150)
        else:
            h = rnd.randint(120, 380)
        shade = lerp(silhouette, (90, 100, 120), rnd.random() * 0.35)
        draw.rectangle([x, base - h, x + w, base], fill=shade)
        if city == 'paris':
            draw.polygon([(x, base - h), (x + w / 2, base - h - 30), (x + w, base - h)], fill=lerp(shade, (70, 80, 100), 0.3))
        window_lights(draw, x, base - h, x + w, base, rnd, lit)
        x += w + rnd.randint(-10, 12)
    cx = W * (0.35 + rnd.random() * 0.3)
    if city == 'paris':  # a lattice tower
        draw.polygon([(cx - 70, base), (cx - 6, base - 430), (cx + 6, base - 430), (cx + 70, base)], fill=(40, 44, 58))
        draw.polygon([(cx - 40, base), (cx, base - 120), (cx + 40, base)], fill=lerp(SKIES[0][1], (200, 200, 210), 0.4))
        draw.rectangle([cx - 55, base - 170, cx + 55, base - 160], fill=(40, 44, 58))
    elif city == 'dubai':  # one needle tower
        for i in range(8):
            wv = 70 - i * 8
            draw.rectangle([cx - wv / 2, base - 80 * (i + 1) - 40, cx + wv / 2, base - 80 * i], fill=(52, 60, 78))
        draw.line([(cx, base - 720), (cx, base - 660)], fill=(70, 78, 96), width=4)
    elif city == 'abu-dhabi':  # domes and minarets
        for k in range(3):
            dx = cx + (k - 1) * 150
            r = 80 if k == 1 else 50
            draw.rectangle([dx - r, base - 90, dx + r, base], fill=(235, 232, 224))
            draw.pieslice([dx - r, base - 90 - r, dx + r, base - 90 + r], 180, 360, fill=(242, 240, 234))
        for dx in (cx - 260, cx + 260):
            draw.rectangle([dx - 8, base - 300, dx + 8, base], fill=(238, 236, 230))
            draw.polygon([(dx - 10, base - 300), (dx, base - 330), (dx + 10, base - 300)], fill=(220, 200, 140))
    elif city == 'london':  # a clock tower and a wheel
        draw.rectangle([cx - 22, base - 380, cx + 22, base], fill=(70, 62, 50))
        draw.polygon([(cx - 24, base - 380), (cx, base - 440), (cx + 24, base - 380)], fill=(60, 54, 44))
        draw.ellipse([cx - 14, base - 350, cx + 14, base - 322], fill=(240, 230, 190))
        wx = cx + 300
        draw.ellipse([wx - 150, base - 330, wx + 150, base - 30], outline=(200, 205, 215), width=4)
        for a in range(0, 360, 30):
            r = math.radians(a)
            draw.line([(wx, base - 180), (wx + 150 * math.cos(r), base - 180 + 150 * math.sin(r))], fill=(180, 185, 195), width=2)
    elif city == 'tokyo':  # a red lattice tower
        draw.polygon([(cx - 50, base), (cx - 5, base - 460), (cx + 5, base - 460), (cx + 50, base)], fill=(200, 70, 50))
        for y in range(int(base - 440), int(base), 40):
            draw.line([(cx - 50 * (base - y) / 460, y), (cx + 50 * (base - y) / 460, y)], fill=(240, 240, 240), width=3)


def hero(hid, city, rnd):
    img = Image.new('RGB', (W, H))
    d = ImageDraw.Draw(img)
    sky = SKIES[hid % len(SKIES)]
    night = sky == SKIES[2] or sky == SKIES[0]
    horizon = int(H * 0.7)
    gradient(d, (0, 0, W, horizon + 40), sky[0], sky[1])
    if not night:
        sx, sy = rnd.randint(150, W - 150), rnd.randint(120, 300)
        for r in range(120, 0, -6):
            d.ellipse([sx - r, sy - r, sx + r, sy + r], fill=lerp(sky[1], (255, 250, 230), 1 - r / 120))
    else:
        for _ in range(80):
            x, y = rnd.randint(0, W), rnd.randint(0, horizon - 200)
            d.point((x, y), fill=(230, 230, 255))
    skyline(d, city, rnd, horizon, night)
    water = city in ('new-york', 'london', 'dubai', 'abu-dhabi', 'tokyo')
    ground_top = (30, 50, 80) if water else (60, 60, 66)
    gradient(d, (0, horizon, W, H), ground_top, (12, 16, 26))
    if water:
        for _ in range(260):
            x, y = rnd.randint(0, W), rnd.randint(horizon, H)
            d.line([(x, y), (x + rnd.randint(10, 50), y)], fill=lerp(ground_top, sky[1], rnd.random() * 0.6), width=1)
    # the hotel itself in the foreground
    hx = rnd.randint(80, W - 420)
    hw, hh = rnd.randint(260, 360), rnd.randint(420, 560)
    facade = lerp((200, 190, 170), (60, 64, 80), rnd.random())
    d.rectangle([hx, H - hh, hx + hw, H], fill=facade)
    window_lights(d, hx, H - hh, hx + hw, H, rnd, 0.55 if night else 0.25, (255, 210, 140))
    d.rectangle([hx - 10, H - hh - 12, hx + hw + 10, H - hh], fill=lerp(facade, (20, 20, 20), 0.4))
    return finish(img, rnd, 1.0)


def room(hid, city, rnd):
    img = Image.new('RGB', (W, H))
    d = ImageDraw.Draw(img)
    wall = WALLS[(hid + 1) % len(WALLS)]
    gradient(d, (0, 0, W, int(H * 0.72)), lerp(wall, (255, 255, 255), 0.15), wall)
    gradient(d, (0, int(H * 0.72), W, H), FLOORS[hid % len(FLOORS)], lerp(FLOORS[hid % len(FLOORS)], (0, 0, 0), 0.4))
    # window with the city
    wx0, wy0, wx1, wy1 = 520, 90, 1130, 520
    sky = SKIES[(hid + 2) % len(SKIES)]
    view = Image.new('RGB', (wx1 - wx0, wy1 - wy0))
    vd = ImageDraw.Draw(view)
    gradient(vd, (0, 0, wx1 - wx0, wy1 - wy0), sky[0], sky[1])
    sub = random.Random(hid * 7)
    x = 0
    while x < wx1 - wx0:
        w, h = sub.randint(30, 70), sub.randint(60, 300)
        vd.rectangle([x, wy1 - wy0 - h, x + w, wy1 - wy0], fill=lerp((40, 48, 64), sky[1], 0.25))
        x += w + 4
    img.paste(view.filter(ImageFilter.GaussianBlur(2)), (wx0, wy0))
    d.rectangle([wx0 - 12, wy0 - 12, wx1 + 12, wy1 + 12], outline=(235, 235, 230), width=14)
    d.line([((wx0 + wx1) / 2, wy0), ((wx0 + wx1) / 2, wy1)], fill=(235, 235, 230), width=10)
    # bed
    d.rectangle([60, 430, 620, 640], fill=(245, 244, 240))
    d.rectangle([60, 600, 620, 700], fill=lerp(ACCENTS[hid % len(ACCENTS)], (40, 40, 40), 0.4))
    d.rectangle([40, 300, 80, 700], fill=(90, 70, 55))
    for px in (110, 300):
        d.rounded_rectangle([px, 400, px + 170, 470], radius=25, fill=(255, 255, 252))
    d.ellipse([640, 640, 900, 720], fill=lerp(ACCENTS[(hid + 3) % len(ACCENTS)], (235, 230, 220), 0.6))
    d.rectangle([880, 560, 1000, 700], fill=(110, 85, 65))
    d.polygon([(900, 560), (940, 470), (980, 560)], fill=(250, 235, 200))
    return finish(img, rnd, 1.4)


def gym_room(d, hid, rnd, wall, floor):
    gradient(d, (0, 0, W, int(H * 0.6)), lerp(wall, (255, 255, 255), 0.1), wall)
    gradient(d, (0, int(H * 0.6), W, H), floor, lerp(floor, (0, 0, 0), 0.5))
    # ceiling lights
    for x in range(80, W, 220):
        d.rectangle([x, 30, x + 140, 42], fill=(255, 250, 235))
    # floor lines in perspective
    for i in range(-8, 9):
        d.line([(W / 2 + i * 40, H * 0.6), (W / 2 + i * 260, H)], fill=lerp(floor, (0, 0, 0), 0.25), width=2)
    # a long window strip
    d.rectangle([60, 110, W - 60, 300], fill=lerp(SKIES[hid % len(SKIES)][1], (255, 255, 255), 0.4))
    for x in range(60, W - 60, 160):
        d.line([(x, 110), (x, 300)], fill=lerp(wall, (0, 0, 0), 0.4), width=6)


def rack(d, x, base, color, accent):
    d.rectangle([x, base - 330, x + 12, base], fill=color)
    d.rectangle([x + 150, base - 330, x + 162, base], fill=color)
    d.rectangle([x, base - 330, x + 162, base - 318], fill=color)
    d.line([(x - 40, base - 200), (x + 200, base - 200)], fill=(190, 190, 195), width=7)
    for px in (x - 40, x + 182):
        d.rounded_rectangle([px - 6, base - 250, px + 14, base - 150], radius=6, fill=accent)


def dumbbells(d, x0, y, n, accent):
    d.rectangle([x0 - 10, y + 18, x0 + n * 46, y + 30], fill=(60, 60, 66))
    for i in range(n):
        x = x0 + i * 46
        size = 14 + i * 1.5
        d.line([(x, y), (x + 30, y)], fill=(170, 170, 175), width=5)
        d.rectangle([x - 3, y - size / 2, x + 6, y + size / 2], fill=accent)
        d.rectangle([x + 24, y - size / 2, x + 33, y + size / 2], fill=accent)


def treadmill(d, x, base, accent):
    d.polygon([(x, base), (x + 240, base), (x + 230, base - 30), (x + 10, base - 30)], fill=(34, 34, 38))
    d.line([(x + 200, base - 30), (x + 220, base - 190)], fill=(70, 70, 76), width=10)
    d.rectangle([x + 190, base - 220, x + 260, base - 180], fill=(28, 28, 32))
    d.rectangle([x + 200, base - 212, x + 250, base - 190], fill=accent)


def pool(d, rnd, hid):
    top = int(H * 0.62)
    d.polygon([(80, H), (W - 80, H), (W - 260, top), (260, top)], fill=(40, 150, 190))
    for _ in range(180):
        x = rnd.randint(200, W - 200)
        y = rnd.randint(top, H)
        d.line([(x, y), (x + rnd.randint(20, 70), y)], fill=(140, 210, 230), width=2)
    for i in range(1, 5):
        t = i / 5
        d.line([(260 + (80 - 260) * 0 + (W - 520) * t, top), (80 + (W - 160) * t, H)], fill=(230, 240, 245), width=3)


def gym(hid, n, has_pool, rnd):
    img = Image.new('RGB', (W, H))
    d = ImageDraw.Draw(img)
    wall = WALLS[(hid + n) % len(WALLS)]
    floor = FLOORS[(hid + n * 2) % len(FLOORS)]
    accent = ACCENTS[(hid + n) % len(ACCENTS)]
    gym_room(d, hid, rnd, wall, floor)
    base = int(H * 0.86)
    kind = 'pool' if (has_pool and n == 3) else ['strength', 'cardio', 'free'][(hid + n) % 3]
    if kind == 'pool':
        pool(d, rnd, hid)
    elif kind == 'strength':
        for i in range(3):
            rack(d, 120 + i * 360 + rnd.randint(-20, 20), base - i * 10, (40, 40, 44), accent)
        d.rectangle([0, base + 10, W, base + 60], fill=lerp(floor, (20, 20, 20), 0.5))
    elif kind == 'cardio':
        for i in range(4):
            treadmill(d, 60 + i * 280, base - (i % 2) * 8, accent)
    else:
        for row in range(2):
            dumbbells(d, 140 + row * 40, int(H * 0.66) + row * 110, 20 - row * 3, accent)
        d.rectangle([W - 300, base - 260, W - 60, base], outline=(200, 200, 200), width=6)
    return finish(img, rnd, 1.3)


def main():
    total = 0
    for hid, (city, gyms, has_pool) in HOTELS.items():
        rnd = random.Random(hid * 1000 + 17)
        folder = os.path.join(OUT, f'h{hid:02d}')
        os.makedirs(folder, exist_ok=True)
        pictures = {'hero.jpg': hero(hid, city, rnd), 'room.jpg': room(hid, city, rnd)}
        for n in range(1, gyms + 1):
            pictures[f'gym-{n}.jpg'] = gym(hid, n, has_pool, rnd)
        for name, img in pictures.items():
            path = os.path.join(folder, name)
            img.save(path, 'JPEG', quality=62, optimize=True, progressive=True)
            total += os.path.getsize(path)
    print(f'wrote {sum(2 + g for _, g, _ in HOTELS.values())} images, {total / 1024 / 1024:.1f} MB')


if __name__ == '__main__':
    main()
