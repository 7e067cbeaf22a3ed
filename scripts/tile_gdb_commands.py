# SPDX-License-Identifier: GPL-2.0-or-later
"""The command language of scripts/tile-gdb: GDB's spellings for the
everyday commands (docs/debugging.md), over tile-gdb's protocol Client.

Disassembly is tile-objdump's: the bytes are read from the target and
given to `tile-objdump --raw`, so the text is the ISA library's."""

import os
import re
import shutil
import subprocess
import sys
import tempfile


class CommandError(Exception):
    """A command failed: the message is GDB's kind of one-line error."""


# GDB's {type} names and their sizes (the target is LP64)
TYPES = {"char": 1, "signed char": 1, "unsigned char": 1, "short": 2,
         "unsigned short": 2, "int": 4, "unsigned int": 4, "unsigned": 4,
         "long": 8, "unsigned long": 8, "long long": 8, "unsigned long long": 8,
         "int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4,
         "uint32_t": 4, "int64_t": 8, "uint64_t": 8}
SIZES = {"b": 1, "h": 2, "w": 4, "g": 8}
PER_LINE = {1: 8, 2: 8, 4: 4, 8: 2}
XFER_CALL, XFER_ICALL = 4, 6            # blk_kind of CALL / ICALL blocks
BLOCK_ENDS = ("bstop", "c.bstop", "l.bstop", "bstart", "c.bstart", "hl.bstart")


class Value:
    """An integer with what GDB would call its type: 'int' (signed),
    'uint', 'code' (a code address) or 'data' (a data address)."""

    def __init__(self, v, kind="int", bits=64):
        self.bits = bits
        self.v = v & ((1 << bits) - 1)
        self.kind = kind

    def signed(self):
        return self.v - (1 << self.bits) if self.v >> (self.bits - 1) else self.v


class Expr:
    """GDB expressions over integers: numbers, 'c', $registers, $N history,
    $convenience variables, symbols (their addresses), {type} ADDR and
    *(type *) ADDR (memory), unary - ~ ! &, binary * / % + - << >> & ^ |
    and comparisons, parentheses."""

    TOKEN = re.compile(r"\s*(0[xX][0-9a-fA-F]+|0[bB][01]+|\d+|'(?:\\.|[^'])'|\$\$?\w*|"
                       r"[A-Za-z_.][\w.]*|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^~!(){}<>])")
    BINARY = [("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="),
              ("<", ">", "<=", ">="), ("<<", ">>"), ("+", "-"), ("*", "/", "%")]

    def __init__(self, shell, text):
        self.sh = shell
        text = re.sub(r"\*\s*\(\s*([a-z][\w ]*?)\s*\*\s*\)", r"{\1}", text)
        self.toks, pos = [], 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = self.TOKEN.match(text, pos)
            if not m:
                raise CommandError("A syntax error in expression, near `%s'." % text[pos:])
            self.toks.append(m.group(1))
            pos = m.end()
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self):
        t = self.peek()
        self.i += 1
        return t

    def parse(self):
        if not self.toks:
            raise CommandError("Argument required (expression to compute).")
        v = self.binary(0)
        if self.peek() is not None:
            raise CommandError("A syntax error in expression, near `%s'." %
                               " ".join(self.toks[self.i:]))
        return v

    def binary(self, level):
        if level == len(self.BINARY):
            return self.unary()
        v = self.binary(level + 1)
        while self.peek() in self.BINARY[level]:
            op = self.take()
            r = self.binary(level + 1)
            v = self.apply(op, v, r)
        return v

    @staticmethod
    def apply(op, a, b):
        x, y = a.signed(), b.signed()
        if op in ("/", "%") and y == 0:
            raise CommandError("Division by zero")
        r = {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y,
             "/": lambda: int(x / y), "%": lambda: x - int(x / y) * y,
             "<<": lambda: x << (y & 63), ">>": lambda: x >> (y & 63),
             "&": lambda: x & y, "|": lambda: x | y, "^": lambda: x ^ y,
             "==": lambda: int(x == y), "!=": lambda: int(x != y), "<": lambda: int(x < y),
             ">": lambda: int(x > y), "<=": lambda: int(x <= y), ">=": lambda: int(x >= y),
             "&&": lambda: int(bool(x) and bool(y)), "||": lambda: int(bool(x) or bool(y))}[op]()
        kind = a.kind if op in "+-" and a.kind in ("code", "data") and b.kind == "int" else "int"
        return Value(r, kind)

    def unary(self):
        t = self.peek()
        if t in ("-", "~", "!", "+"):
            self.take()
            v = self.unary()
            return Value({"-": -v.signed(), "~": ~v.v, "!": int(not v.v), "+": v.v}[t])
        if t == "*":
            self.take()
            addr = self.unary().v           # an int, as GDB reads an untyped *ADDR
            v = Value(int.from_bytes(self.sh.read_memory(addr, 4), "little"), "int", 32)
            v.lvalue = (addr, 4)
            return v
        if t == "&":
            self.take()
            name = self.take()
            if name is None or not re.match(r"[A-Za-z_.]", name):
                raise CommandError("Attempt to take address of value not located in memory.")
            return self.symbol(name)
        if t == "{":
            self.take()
            words = []
            while self.peek() not in ("}", None):
                words.append(self.take())
            if self.take() != "}" or " ".join(words) not in TYPES:
                raise CommandError("No symbol \"%s\" in current context." % " ".join(words))
            size = TYPES[" ".join(words)]
            addr = self.unary().v
            data = self.sh.read_memory(addr, size)
            v = Value(int.from_bytes(data, "little"), "uint" if words[0].startswith("u") else "int",
                      8 * size)
            v.lvalue = (addr, size)
            return v
        return self.primary()

    def primary(self):
        t = self.take()
        if t is None:
            raise CommandError("A syntax error in expression, near `'.")
        if t == "(":
            v = self.binary(0)
            if self.take() != ")":
                raise CommandError("A syntax error in expression, near `'.")
            return v
        if t[0].isdigit():
            return Value(int(t, 0))
        if t[0] == "'":
            body = t[1:-1].encode().decode("unicode_escape")
            return Value(ord(body))
        if t[0] == "$":
            return self.sh.dollar(t)
        return self.symbol(t)

    def symbol(self, name):
        elf = self.sh.elf
        if elf is None or name not in elf.symbols:
            raise CommandError("No symbol \"%s\" in current context." % name)
        return Value(elf.symbols[name], "code" if name in elf.text_symbols else "data")


class Breakpoint:
    def __init__(self, num, kind, addr, length=2, expr="", temp=False):
        self.num, self.kind, self.addr, self.length = num, kind, addr, length
        self.expr, self.temp, self.hits = expr, temp, 0
        self.old = None                 # a watchpoint's last value

    @property
    def is_watch(self):
        return self.kind in ("write", "read", "access")


WATCH_TITLE = {"write": "Hardware watchpoint", "read": "Hardware read watchpoint",
               "access": "Hardware access (read/write) watchpoint"}
BP_TYPE = {"sw": "breakpoint", "hw": "hw breakpoint", "write": "hw watchpoint",
           "read": "read watchpoint", "access": "acc watchpoint"}

HELP = """GDB's spellings (docs/debugging.md); LOC is *ADDR, SYM, SYM+OFF or an address:
  break|b LOC, tbreak LOC, hbreak LOC    breakpoints; info breakpoints; delete [N...]
  watch|rwatch|awatch EXPR               watchpoints (EXPR: SYM, {int} ADDR, *(long *) ADDR)
  continue|c, stepi|si [N], nexti|ni [N] (ni runs a CALL block's callee to its return)
  info registers [NAME...], info all-registers, info registers FEATURE (core pe block sys)
  x/FMT ADDR      FMT = [count][x d u o t a c s i][b h w g], e.g. x/4i $pc, x/8xb msg
  print|p[/FMT] EXPR, set $REG = EXPR, set {int} ADDR = EXPR, set $var = EXPR
  disassemble [/r] [ADDR | START,END | START,+LEN]
  display[/FMT] EXPR, undisplay [N...], info display
  backtrace|bt|where, info threads, thread N, kill, detach, quit|q
  monitor CMD (QEMU's monitor), help
The earlier short names stay: regs [FEATURE], reg NAME [VALUE], x ADDR LEN (hex dump),
w ADDR BYTE..., w64 ADDR VALUE, watch ADDR LEN [KIND], unwatch ADDR [LEN] [KIND],
step [N], interrupt, threads, xml [ANNEX], sym NAME."""


class Shell:
    """One debugging session: runs commands, prints what GDB would."""

    def __init__(self, client, elf=None, out=sys.stdout, err=sys.stderr, objdump=None):
        self.c, self.elf, self.out, self.err = client, elf, out, err
        self.objdump = objdump
        self.bps = {}                   # number -> Breakpoint
        self.next_num = 1
        self.displays = []              # [number, fmt, expression]
        self.next_display = 1
        self.history = []
        self.convenience = {}
        self.last_x = ("x", 4, None)    # format, unit size, next address
        self.alive = True

    def p(self, *a):
        print(*a, file=self.out)

    # -- values ----------------------------------------------------------

    def register(self, name):
        try:
            return self.c.register(name)
        except KeyError:
            return None

    def reg_value(self, reg):
        v = self.c.read_reg(reg.name)
        kind = {"code_ptr": "code", "data_ptr": "data"}.get(reg.type, "int")
        if kind == "int" and reg.type.startswith("uint"):
            kind = "uint"
        return Value(v, kind, reg.bitsize)

    def dollar(self, tok):
        if tok in ("$", "$$"):
            n = len(self.history) - (0 if tok == "$" else 1)
            return self.history[n - 1] if n >= 1 else Value(0)
        name = tok[1:]
        if name.isdigit():
            n = int(name)
            if not 1 <= n <= len(self.history):
                raise CommandError("History has not yet reached $%d." % n)
            return self.history[n - 1]
        reg = self.register(name)
        if reg is not None:
            return self.reg_value(reg)
        if name in self.convenience:
            return self.convenience[name]
        raise CommandError("Convenience variable $%s is void." % name)

    def eval(self, text):
        return Expr(self, text).parse()

    def read_memory(self, addr, length):
        try:
            return self.c.read_mem(addr, length)
        except Exception:
            raise CommandError("Cannot access memory at address 0x%x" % addr)

    def sym_offset(self, addr):
        """GDB's <sym+off> text for addr (decimal offset), or None"""
        best = self.elf.containing(addr) if self.elf else None
        if best is None:
            return None
        return best[0] if best[1] == addr else "%s+%d" % (best[0], addr - best[1])

    def symbolic(self, addr):
        name = self.sym_offset(addr)
        return "0x%x <%s>" % (addr, name) if name else "0x%x" % addr

    def function_of(self, addr):
        best = self.elf.containing(addr) if self.elf else None
        return best[0] if best else "??"

    def format_value(self, v, fmt=None):
        if fmt in (None, "r"):
            if v.kind == "code":
                return "(void (*)()) " + self.symbolic(v.v)
            if v.kind == "data":
                return "(void *) " + self.symbolic(v.v)
            return str(v.v if v.kind == "uint" else v.signed())
        return self.format_unit(v.v, v.bits // 8, fmt, v.signed())

    def format_unit(self, u, size, fmt, signed=None):
        if signed is None:
            signed = u - (1 << (8 * size)) if u >> (8 * size - 1) else u
        if fmt == "x":
            return "0x%x" % u
        if fmt == "z":
            return "0x%0*x" % (2 * size, u)
        if fmt == "d":
            return str(signed)
        if fmt == "u":
            return str(u)
        if fmt == "o":
            return "0%o" % u if u else "0"
        if fmt == "t":
            return "{:b}".format(u)
        if fmt == "a":
            return self.symbolic(u)
        if fmt == "c":
            b = u & 0xff
            esc = {0: "\\000", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v",
                   12: "\\f", 13: "\\r", 39: "\\'", 92: "\\\\"}
            text = esc.get(b, chr(b) if 32 <= b < 127 else "\\%03o" % b)
            return "%d '%s'" % (b - 256 if b > 127 else b, text)
        raise CommandError("Undefined output format \"%s\"." % fmt)

    # -- disassembly through tile-objdump -----------------------------------

    def disassemble(self, addr, length):
        """[(address, hex, text)] of the instructions in [addr, addr + length)"""
        if not self.objdump or not os.path.exists(self.objdump):
            raise CommandError("No disassembler: tile-objdump not found (--objdump PATH)")
        data = b""
        for n in (length + 8, length):
            try:
                data = self.c.read_mem(addr, n)
                break
            except Exception:
                continue
        if not data:
            raise CommandError("Cannot access memory at address 0x%x" % addr)
        with tempfile.NamedTemporaryFile(suffix=".bin") as f:
            f.write(data)
            f.flush()
            r = subprocess.run([self.objdump, "--raw", f.name, "--base", "0x%x" % addr],
                               capture_output=True, text=True)
        if r.returncode:
            raise CommandError("tile-objdump: %s" % r.stderr.strip())
        out = []
        for m in re.finditer(r"^\s*([0-9a-f]+):\s+([0-9a-f]+)\s+(.*\S)\s*$", r.stdout, re.M):
            a = int(m.group(1), 16)
            if a < addr + max(length, 1):
                out.append((a, m.group(2), m.group(3)))
        return out

    def insn_lines(self, addr, count):
        """the first count instructions from addr"""
        return self.disassemble(addr, 8 * count)[:count]

    def pc(self):
        return self.c.read_reg("pc")

    # -- stops ---------------------------------------------------------------

    def frame_line(self, pc):
        return "0x%016x in %s ()" % (pc, self.function_of(pc))

    def bp_at(self, pc):
        return [b for b in self.bps.values() if not b.is_watch and b.addr == pc]

    def show_stop(self, r, stepping=False):
        """Report a stop as GDB does; False when the target has gone."""
        if r.kind != "signal":
            self.alive = False
            if r.kind == "exited":
                self.p("[Inferior 1 (process 1) exited %s]" %
                       ("normally" if r.code == 0 else "with code %02o" % r.code))
            else:
                self.p("\nProgram terminated with signal %d." % r.code)
            return False
        pc = self.pc()
        hit = self.bp_at(pc)
        banner = ""
        if r.watch:
            wp = self.watch_hit(r)
            if wp:
                self.report_watch(wp)
        elif hit:
            b = hit[0]
            b.hits += 1
            banner = "\n%s %d, " % ("Temporary breakpoint" if b.temp else "Breakpoint", b.num)
            if b.temp:
                self.delete(b)
        elif r.signal == 2:
            self.p("\nProgram received signal SIGINT, Interrupt.")
        elif not stepping:
            self.p("\nProgram received signal SIGTRAP, Trace/breakpoint trap.")
        self.p(banner + self.frame_line(pc))
        for b in self.bps.values():         # GDB compares with the value at the last stop
            if b.is_watch:
                try:
                    b.old = self.watch_value(b)
                except CommandError:
                    b.old = None
        self.show_displays()
        return True

    def watch_value(self, b):
        data = self.read_memory(b.addr, b.length)
        return Value(int.from_bytes(data, "little"), "int", 8 * b.length)

    def watch_hit(self, r):
        """the watchpoint a stop reply names: its kind and address"""
        kind = {"watch": "write", "rwatch": "read", "awatch": "access"}.get(r.watch[0])
        near = [b for b in sorted(self.bps.values(), key=lambda b: b.num)
                if b.is_watch and b.addr <= r.watch[1] < b.addr + b.length]
        same = [b for b in near if b.kind == kind]
        return (same or near or [None])[0]

    def report_watch(self, b):
        b.hits += 1
        new = self.watch_value(b)
        self.p("\n%s %d: %s\n" % (WATCH_TITLE[b.kind], b.num, b.expr))
        if b.kind == "read" or (b.kind == "access" and b.old is not None and b.old.v == new.v):
            self.p("Value = %s" % self.format_value(new))
        else:
            self.p("Old value = %s" % ("<unreadable>" if b.old is None else self.format_value(b.old)))
            self.p("New value = %s" % self.format_value(new))
        b.old = new

    # -- breakpoints -------------------------------------------------------

    def location(self, text):
        text = text.strip()
        if not text:
            return self.pc()
        if text.startswith("*"):
            text = text[1:]
        return self.eval(text).v

    def add_bp(self, kind, addr, length=2, expr="", temp=False):
        if kind in ("sw", "hw"):
            self.c.set_breakpoint(addr, hw=kind == "hw")
        else:
            self.c.set_watchpoint(addr, length, kind)
        b = Breakpoint(self.next_num, kind, addr, length, expr, temp)
        self.next_num += 1
        self.bps[b.num] = b
        return b

    def delete(self, b):
        if b.kind in ("sw", "hw"):
            if not any(o.addr == b.addr and o.kind == b.kind and o is not b
                       for o in self.bps.values()):
                self.c.clear_breakpoint(b.addr, hw=b.kind == "hw")
        else:
            self.c.clear_watchpoint(b.addr, b.length, b.kind)
        del self.bps[b.num]

    def cmd_break(self, arg, kind="sw", temp=False):
        addr = self.location(arg)
        b = self.add_bp(kind, addr, temp=temp)
        title = {"sw": "Temporary breakpoint" if temp else "Breakpoint",
                 "hw": "Hardware assisted breakpoint"}[kind]
        self.p("%s %d at 0x%x" % (title, b.num, addr))

    def cmd_watch(self, arg, kind):
        words = arg.split()
        if len(words) >= 2 and re.fullmatch(r"(0x[0-9a-fA-F]+|\d+)", words[1]):
            # the earlier form: watch ADDR LEN [write|read|access]
            addr, length = self.location(words[0]), int(words[1], 0)
            kind = words[2] if len(words) > 2 else kind
            if kind not in WATCH_TITLE:
                raise CommandError("watch kind must be write, read or access, not %r" % kind)
            expr = "*(char (*)[%d]) 0x%x" % (length, addr)
        else:
            expr = arg.strip()
            v = self.eval(expr)
            lv = getattr(v, "lvalue", None)
            if lv:
                addr, length = lv
            elif v.kind in ("code", "data"):
                addr, length = v.v, 8          # a symbol: its 8 bytes
            else:
                raise CommandError("Cannot watch constant value `%s'." % expr)
        b = self.add_bp(kind, addr, length, expr)
        try:
            b.old = self.watch_value(b)
        except CommandError:
            b.old = None
        self.p("%s %d: %s" % (WATCH_TITLE[kind], b.num, expr))

    def cmd_delete(self, arg):
        words = arg.split()
        if not words:
            for b in list(self.bps.values()):
                self.delete(b)
            return
        if all(w.isdigit() for w in words):
            for w in words:
                if int(w) not in self.bps:
                    raise CommandError("No breakpoint number %s." % w)
                self.delete(self.bps[int(w)])
            return
        addr = self.location(arg)                # the earlier form: delete ADDR
        gone = [b for b in self.bps.values() if b.addr == addr and not b.is_watch]
        if not gone:
            raise CommandError("No breakpoint at 0x%x." % addr)
        for b in gone:
            self.delete(b)

    def info_breakpoints(self):
        if not self.bps:
            self.p("No breakpoints or watchpoints.")
            return
        self.p("Num     Type           Disp Enb Address            What")
        for b in sorted(self.bps.values(), key=lambda b: b.num):
            disp = "del " if b.temp else "keep"
            if b.is_watch:
                self.p("%-7d %-14s %s y   %-18s %s" % (b.num, BP_TYPE[b.kind], disp, "", b.expr))
            else:
                name = self.sym_offset(b.addr)
                self.p("%-7d %-14s %s y   0x%016x %s" % (b.num, BP_TYPE[b.kind], disp, b.addr,
                                                      "<%s>" % name if name else ""))
            if b.hits:
                self.p("\tbreakpoint already hit %d time%s" % (b.hits, "" if b.hits == 1 else "s"))

    # -- execution ---------------------------------------------------------

    def resume(self):
        """continue; a write watchpoint whose value did not change does not
        stop (as in GDB)"""
        while True:
            try:
                r = self.c.cont(timeout=float("inf"))
            except KeyboardInterrupt:
                r = self.c.interrupt()
            if r.kind == "signal" and r.watch:
                wp = self.watch_hit(r)
                if wp and wp.kind == "write" and wp.old is not None and \
                        self.watch_value(wp).v == wp.old.v:
                    continue
            return r

    def cmd_stepi(self, arg, over=False):
        """stepi / nexti [N]: stops early at an exit, a watchpoint or a
        breakpoint, as GDB does"""
        n = self.eval(arg).v if arg.strip() else 1
        for i in range(n):
            r = self.next_insn() if over else self.c.step()
            if r.kind != "signal" or r.watch or (i < n - 1 and self.bp_at(self.pc())):
                break
        return self.show_stop(r, stepping=True)

    def next_insn(self):
        """nexti: one instruction; when it ends a CALL / ICALL block, run
        the callee until it returns to the block's return address"""
        pc = self.pc()
        kind = self.register("blk_kind")
        phase = self.register("blk_phase")
        is_call = (kind is not None and phase is not None and
                   self.c.read_reg(phase.name) != 0 and
                   self.c.read_reg(kind.name) in (XFER_CALL, XFER_ICALL))
        ret = None
        if is_call:
            text = self.insn_lines(pc, 1)
            if text and text[0][2].split()[0].startswith(BLOCK_ENDS):
                reg = self.register("blk_ret_addr") or self.register("ra")
                ret = self.c.read_reg(reg.name)
        r = self.c.step()
        if ret is None or r.kind != "signal" or r.watch or self.pc() == ret:
            return r
        mine = not any(b.addr == ret and not b.is_watch for b in self.bps.values())
        if mine:
            self.c.set_breakpoint(ret)
        try:
            r = self.resume()
        finally:
            if mine and self.alive:
                try:
                    self.c.clear_breakpoint(ret)
                except Exception:
                    pass
        return r

    # -- registers and memory ---------------------------------------------------

    def info_registers(self, args, all_regs=False):
        feats = self.c.features
        if all_regs:
            regs = [r for f in feats.values() for r in f]
        elif not args:
            regs = feats.get("org.pto.tile.core", [])
        else:
            regs = []
            for a in args:
                a = a.lstrip("$")
                f = [k for k in feats if a in (k, k.split(".")[-1])]
                if f:
                    regs += feats[f[0]]
                elif self.register(a) is not None:
                    regs.append(self.register(a))
                else:
                    raise CommandError("Invalid register `%s'" % a)
        for reg in regs:
            v = self.reg_value(reg)
            if v.kind == "code":
                natural = self.symbolic(v.v)
            elif v.kind == "data":
                natural = "0x%x" % v.v
            else:
                natural = self.format_value(v)
            self.p("%-15s%-19s%s" % (reg.name, "0x%x" % v.v, natural))

    def cmd_x(self, fmtspec, arg):
        fmt, size, nxt = self.last_x
        count = 1
        if fmtspec:
            m = re.fullmatch(r"(\d*)([xduotacszi]?)([bhwg]?)([xduotacszi]?)", fmtspec)
            if not m:
                raise CommandError("Invalid number \"%s\"." % fmtspec)
            count = int(m.group(1)) if m.group(1) else 1
            fmt = m.group(2) or m.group(4) or fmt
            if m.group(3):
                size = SIZES[m.group(3)]
            elif fmt == "a":
                size = 8
            elif fmt == "c":
                size = 1
        if arg.strip():
            addr = self.eval(arg).v
        elif nxt is not None:
            addr = nxt
        else:
            raise CommandError("Argument required (starting display address).")
        if fmt == "i":
            pc = self.pc()
            lines = self.insn_lines(addr, count)
            for a, _, text in lines:
                self.p("%s%s:\t%s" % ("=> " if a == pc else "   ", self.symbolic(a), text))
            if lines:
                nxt = lines[-1][0] + len(lines[-1][1]) // 2
        elif fmt == "s":
            for _ in range(count):
                data = b""
                while len(data) < 4096:
                    chunk = self.read_memory(addr + len(data), 16)
                    z = chunk.find(b"\0")
                    data += chunk if z < 0 else chunk[:z]
                    if z >= 0:
                        break
                self.p("%s:\t\"%s\"" % (self.symbolic(addr), data.decode("latin-1")
                                         .encode("unicode_escape").decode().replace('"', '\\"')))
                addr += len(data) + 1
            nxt = addr
        else:
            data = self.read_memory(addr, count * size)
            per = PER_LINE[size]
            if fmt == "x":
                fmt = "z"                       # GDB pads x to the unit size
            for i in range(0, count, per):
                units = [int.from_bytes(data[(i + j) * size:(i + j + 1) * size], "little")
                         for j in range(min(per, count - i))]
                self.p("%s:\t%s" % (self.symbolic(addr + i * size),
                                    "\t".join(self.format_unit(u, size, fmt) for u in units)))
            nxt = addr + count * size
            fmt = "x" if fmt == "z" else fmt
        self.last_x = (fmt, size, nxt)

    def hexdump(self, addr, n):
        data = self.read_memory(addr, n)
        for i in range(0, len(data), 16):
            chunk = data[i:i + 16]
            self.p("%08x  %-48s %s" % (addr + i, chunk.hex(" "),
                   "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)))

    def cmd_print(self, fmt, arg):
        v = self.eval(arg) if arg.strip() else (self.history[-1] if self.history else None)
        if v is None:
            raise CommandError("$1 = <error>: history is empty")
        self.history.append(v)
        self.p("$%d = %s" % (len(self.history), self.format_value(v, fmt)))

    def cmd_set(self, arg):
        arg = re.sub(r"^var(iable)?\s+", "", arg.strip())
        m = re.fullmatch(r"(.+?)\s*=\s*(.+)", arg)
        if not m or m.group(1).startswith("="):
            raise CommandError("Argument required (expression to compute).")
        lhs, value = m.group(1).strip(), self.eval(m.group(2))
        if lhs.startswith("$"):
            reg = self.register(lhs[1:])
            if reg is not None:
                self.c.write_reg(reg.name, value.v)
            else:
                self.convenience[lhs[1:]] = value
            return
        target = self.eval(lhs)
        lv = getattr(target, "lvalue", None)
        if not lv:
            raise CommandError("Left operand of assignment is not an lvalue.")
        self.c.write_mem(lv[0], (value.v & ((1 << (8 * lv[1])) - 1)).to_bytes(lv[1], "little"))

    def cmd_disassemble(self, arg):
        raw = False
        words = arg.split()
        while words and words[0].startswith("/"):
            raw |= "r" in words.pop(0)
        arg = " ".join(words)
        pc = self.pc()
        if "," in arg:
            a, b = arg.split(",", 1)
            start = self.location(a)
            end = start + self.eval(b.strip()[1:]).v if b.strip().startswith("+") \
                else self.location(b)
            title = "from 0x%x to 0x%x" % (start, end)
            base = None
        else:
            addr = self.location(arg) if arg else pc
            best = self.elf.containing(addr) if self.elf else None
            if best is None:
                raise CommandError("No function contains specified address.")
            start = best[1]
            end = self.elf.next_symbol(start) or start + 64
            title = "for function %s" % best[0]
            base = start
        self.p("Dump of assembler code %s:" % title)
        for a, hexw, text in self.disassemble(start, end - start):
            where = ("<+%d>" % (a - base)) if base is not None else \
                ("<%s>" % self.sym_offset(a) if self.sym_offset(a) else "")
            self.p("%s0x%016x %s:\t%s%s" % ("=> " if a == pc else "   ", a, where,
                                           (hexw + "\t") if raw else "", text))
        self.p("End of assembler dump.")

    # -- display ---------------------------------------------------------------

    def show_display(self, d):
        num, fmt, expr = d
        try:
            if fmt and fmt.lstrip("0123456789") and fmt.lstrip("0123456789")[0] in "is":
                self.p("%d: x/%s %s" % (num, fmt, expr))
                self.cmd_x(fmt, expr)
            else:
                self.p("%d: %s%s = %s" % (num, "/%s " % fmt if fmt else "", expr,
                                          self.format_value(self.eval(expr), fmt)))
        except CommandError as e:
            self.p("%d: %s = <error: %s>" % (num, expr, e))

    def show_displays(self):
        for d in self.displays:
            self.show_display(d)

    def cmd_display(self, fmt, arg):
        if not arg.strip():
            self.show_displays()
            return
        if not (fmt and fmt[-1:] in "is"):
            self.eval(arg)                  # an error now, not at every stop
        d = [self.next_display, fmt, arg.strip()]
        self.next_display += 1
        self.displays.append(d)
        self.show_display(d)

    def cmd_undisplay(self, arg):
        if not arg.strip():
            self.displays = []
            return
        for w in arg.replace(",", " ").split():
            keep = [d for d in self.displays if str(d[0]) != w]
            if len(keep) == len(self.displays):
                raise CommandError("Arguments must be display numbers.")
            self.displays = keep

    # -- the dispatcher -----------------------------------------------------------

    def run(self, line):
        """Run one command; False to end the session."""
        try:
            return self.dispatch(line.strip())
        except CommandError as e:
            print(e, file=self.err)
        except (KeyError, ValueError, IndexError) as e:
            print("Error: %s" % e, file=self.err)
        except Exception as e:              # the protocol layer
            print("Error: %s" % e, file=self.err)
        self.failed = True
        return True

    failed = False

    def dispatch(self, line):
        if not line or line.startswith("#"):
            return True
        m = re.match(r"([A-Za-z_][\w-]*)(?:/(\S+))?\s*(.*)$", line)
        if not m:
            raise CommandError("Undefined command: \"%s\".  Try \"help\"." % line.split()[0])
        cmd, fmt, arg = m.group(1), m.group(2), m.group(3)
        if cmd in ("q", "quit", "exit"):
            return False
        if cmd in ("h", "help"):
            self.p(HELP)
            return True
        if cmd == "info" or cmd == "i":
            return self.info(arg)
        needs_target = cmd not in ("sym", "display", "undisplay")
        if needs_target and not self.alive:
            raise CommandError("The program is not being run.")
        simple = {
            "break": lambda: self.cmd_break(arg), "b": lambda: self.cmd_break(arg),
            "br": lambda: self.cmd_break(arg),
            "tbreak": lambda: self.cmd_break(arg, temp=True),
            "hbreak": lambda: self.cmd_break(arg, "hw"), "hb": lambda: self.cmd_break(arg, "hw"),
            "watch": lambda: self.cmd_watch(arg, "write"),
            "rwatch": lambda: self.cmd_watch(arg, "read"),
            "awatch": lambda: self.cmd_watch(arg, "access"),
            "delete": lambda: self.cmd_delete(arg), "d": lambda: self.cmd_delete(arg),
            "x": lambda: self.cmd_x(fmt, arg) if fmt or len(arg.split()) < 2 else
            self.hexdump(self.location(arg.split()[0]), self.eval(arg.split()[1]).v),
            "print": lambda: self.cmd_print(fmt, arg), "p": lambda: self.cmd_print(fmt, arg),
            "set": lambda: self.cmd_set(arg),
            "disassemble": lambda: self.cmd_disassemble(arg),
            "display": lambda: self.cmd_display(fmt, arg),
            "undisplay": lambda: self.cmd_undisplay(arg),
            "regs": lambda: self.info_registers([arg or "core"]),
            "w": lambda: self.c.write_mem(self.location(arg.split()[0]),
                                          bytes(self.eval(b).v & 0xff for b in arg.split()[1:])),
            "w64": lambda: self.c.write_mem(self.location(arg.split()[0]),
                                            (self.eval(arg.split()[1]).v & (2**64 - 1))
                                            .to_bytes(8, "little")),
            "unwatch": lambda: self.unwatch(arg),
            "sym": lambda: self.p("%s = 0x%x" % (arg, Expr(self, arg).symbol(arg).v)),
            "monitor": lambda: self.out.write(self.c.monitor(arg)),
            "xml": lambda: self.p(self.c.read_xml(arg or "target.xml")),
        }
        if cmd in simple:
            simple[cmd]()
        elif cmd == "disas":
            self.cmd_disassemble(arg)
        elif cmd in ("stepi", "si", "step", "s"):
            self.cmd_stepi(arg)
        elif cmd in ("nexti", "ni", "next", "n"):
            self.cmd_stepi(arg, over=True)
        elif cmd in ("continue", "c", "cont"):
            self.p("Continuing.")
            self.show_stop(self.resume())
        elif cmd == "interrupt":
            self.show_stop(self.c.interrupt())
        elif cmd == "reg":
            words = arg.split()
            if len(words) == 2:
                self.c.write_reg(words[0], self.eval(words[1]).v)
            self.p("%s = 0x%x" % (words[0], self.c.read_reg(words[0])))
        elif cmd in ("backtrace", "bt", "where"):
            self.p("#0  " + self.frame_line(self.pc()))
        elif cmd == "threads":
            self.info("threads")
        elif cmd == "thread":
            self.c.select_thread(arg)
            self.c.check("Hc%s" % arg)
            self.p("[Switching to thread %s]" % arg)
            self.p("#0  " + self.frame_line(self.pc()))
        elif cmd == "kill":
            self.c.kill()
            self.alive = False
            self.p("[Inferior 1 (process 1) killed]")
        elif cmd == "detach":
            self.c.detach()
            self.alive = False
            self.p("[Inferior 1 (process 1) detached]")
        else:
            raise CommandError("Undefined command: \"%s\".  Try \"help\"." % cmd)
        return True

    def unwatch(self, arg):
        words = arg.split()
        addr = self.location(words[0])
        gone = [b for b in self.bps.values() if b.is_watch and b.addr == addr and
                (len(words) < 2 or b.length == int(words[1], 0)) and
                (len(words) < 3 or b.kind == words[2])]
        if not gone:
            raise CommandError("No watchpoint at 0x%x." % addr)
        for b in gone:
            self.delete(b)

    def info(self, arg):
        words = arg.split()
        if not words:
            raise CommandError("List of info subcommands: registers, all-registers, "
                               "breakpoints, watchpoints, display, threads, symbol")
        sub, rest = words[0], words[1:]
        if "registers".startswith(sub) and len(sub) >= 1 and sub[0] == "r":
            self.info_registers(rest)
        elif sub == "all-registers":
            self.info_registers([], all_regs=True)
        elif "breakpoints".startswith(sub) and sub[0] == "b" or sub == "watchpoints":
            self.info_breakpoints()
        elif sub == "display":
            if not self.displays:
                self.p("There are no auto-display expressions now.")
            else:
                self.p("Auto-display expressions now in effect:\nNum Enb Expression")
                for num, fmt, expr in self.displays:
                    self.p("%d:   y  %s%s" % (num, "/%s " % fmt if fmt else "", expr))
        elif sub == "threads":
            cur = None
            for t in self.c.threads():
                cur = cur or t
                self.p("%s %-4s Thread %s (Core %d)" % ("*" if t == cur else " ", int(t, 16),
                                                       t, int(t, 16) - 1))
        elif sub == "symbol":
            a = self.eval(" ".join(rest)).v
            name = self.sym_offset(a)
            self.p("%s in section %s" % (name.replace("+", " + "),
                                         ".text" if name.split("+")[0] in self.elf.text_symbols
                                         else ".data") if name else
                   "No symbol matches %s." % " ".join(rest))
        else:
            raise CommandError("Undefined info command: \"%s\".  Try \"help info\"." % sub)
        return True


def default_objdump(script_dir):
    """build/tile-objdump (or build/tools/tile-objdump) of the repository
    the script is in, else a tile-objdump on PATH"""
    root = os.path.dirname(script_dir)
    for p in (os.path.join(root, "build", "tile-objdump"),
              os.path.join(root, "build", "tools", "tile-objdump")):
        if os.path.exists(p):
            return p
    return shutil.which("tile-objdump")
