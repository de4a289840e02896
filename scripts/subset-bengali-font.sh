#!/bin/sh
# Makes web/public/fonts/noto-sans-bengali.woff2, the web app's Bengali font (issue 18), from the
# Noto Sans Bengali that the PDFs embed (assets/fonts, OFL). Run it again only to change the subset;
# the woff2 is committed. Needs Debian's fonttools and python3-brotli:
#   apt-get install -y fonttools python3-brotli
# The subset: the Bengali block (U+0980-09FF, which holds the dandas U+0964-0965 shared with Devanagari
# outside it), ZWNJ/ZWJ (which pick conjunct forms), the dotted circle (a lone vowel sign's base), and
# every OpenType feature (conjuncts, reph, half forms, mark positioning). Hinting is dropped: browsers
# render it well without, at two thirds of the size (39 kB instead of 62 kB). These ranges are the
# unicode-range of the @font-face in web/src/styles/base.css: change both together.
set -eu
cd "$(dirname "$0")/.."
pyftsubset assets/fonts/NotoSansBengali-Regular.ttf \
  --unicodes='U+0980-09FF,U+200C-200D,U+25CC,U+0964-0965' \
  --layout-features='*' \
  --no-hinting \
  --desubroutinize \
  --flavor=woff2 \
  --output-file=web/public/fonts/noto-sans-bengali.woff2
cp assets/fonts/OFL.txt web/public/fonts/OFL.txt
ls -l web/public/fonts/noto-sans-bengali.woff2
