# qemu-system-tile: PTO ISA, one QEMU CPU per PTO Core
TARGET_ARCH=tile
TARGET_SUPPORTS_MTTCG=y
TARGET_XML_FILES= gdb-xml/tile-core.xml
# the virt machine generates a device tree
TARGET_NEED_FDT=y
TARGET_LONG_BITS=64
