#!/bin/sh
# Remakes the embedded font subsets from the Debian packages:
#   apt-get install -y fonts-noto-core fonts-symbola fonttools
# Nothing else reads this script; run it from this folder after changing the ranges.
set -eu
noto=/usr/share/fonts/truetype/noto
symbola=/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf
opts="--no-hinting --layout-features= --drop-tables+=GSUB,GPOS,GDEF --name-IDs=* --name-languages=*"

# Text: Latin (Esperanto included), Greek, Cyrillic, punctuation, arrows, math signs.
text="U+0020-007E,U+00A0-024F,U+0300-036F,U+0370-03FF,U+0400-052F,U+1E00-1EFF,U+2000-206F,U+20A0-20C0,U+2100-214F,U+2190-21FF,U+2200-22FF,U+FFFD"
pyftsubset "$noto/NotoSans-Regular.ttf" --unicodes="$text" $opts --output-file=NotoSans-Regular.ttf
pyftsubset "$noto/NotoSans-Bold.ttf" --unicodes="$text" $opts --output-file=NotoSans-Bold.ttf

# Men: orthodox and fairy chess symbols, draughts men (stones), stars and marks.
men="U+2600-26FF,U+2700-27BF,U+25A0-25FF,U+2B00-2BFF,U+1FA00-1FA6F"
pyftsubset "$noto/NotoSansSymbols2-Regular.ttf" --unicodes="$men" $opts --output-file=NotoSansSymbols2-Regular.ttf

# Krono's lion and unicorn, and a crown.
pyftsubset "$symbola" --unicodes="U+1F981,U+1F984,U+1F451" $opts --output-file=Symbola-Beasts.ttf
