# Default configuration for tile-softmmu

# Boards are selected by default, uncomment to keep out of the build.
# CONFIG_TILE_VIRT=n
