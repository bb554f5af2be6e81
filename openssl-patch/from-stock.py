#!/usr/bin/env python3
"""Gives a dot variant the objects its stock twin compiled, where they are the same compilation.

usage: from-stock.py STOCK_OBJ OBJDIR

A dot variant and the stock variant of its asm flavour configure the same target with the same
options (build.sh): the dot one adds libdot's include folder and link flags, and each builds from
its own source tree. Most of libcrypto is not patched, so most of the objects stock compiled for
libcrypto.so are the ones dot would compile. An object is the same compilation when the compiler
is given the same options and reads the same text. For every object of OBJDIR's Makefile made
from a C source that STOCK_OBJ built, with the two compile commands as `make -n` expands them,
this requires
  1. the same options, each tree's path made one (-I folders apart; -D values as they are), among them
     -ffile-prefix-map (or -fmacro-prefix-map) of the tree, so that __FILE__ (in every ERR_raise
     and assert) is the same text in both;
  2. dot's -I folders, its extra ones taken out, stock's in the same order;
  3. stock's object current: newer than every file its dependency file names;
  4. every one of those files the same at its place in dot's tree or build, byte for byte but for
     the tree's path on comment lines (the generated headers name the template they came from);
  5. none of them naming __DATE__, __TIME__ or __TIMESTAMP__, or including a header by a name
     that one of dot's extra -I folders (libdot's) holds, where it could be found first.
The dependency files (-MMD) leave out the system headers, which are the same for both builds and
include none of libdot's. Where all five hold, stock's object is copied into OBJDIR with a new
time stamp, and its dependency file with the tree's path changed, so make finds it up to date;
every other object is left for make, and the count of each reason is printed. Asking the
preprocessor instead (gcc -E of both, compared) took the same objects and cost about as much as
compiling them. openssl-patch/test/from-stock.sh plants a source for each reason, and compiles a
sample of the real builds' copies again with dot's own recipe: the same bytes.
"""

import functools
import os
import re
import shlex
import shutil
import subprocess
import sys

# words of a compile command that only name outputs (skipped, with the value that follows)
OUTPUTS_WITH_VALUE = ("-o", "-MF", "-MT", "-MQ")
OUTPUTS_ALONE = ("-c", "-MMD", "-MD", "-MP")
MAPS = ("-ffile-prefix-map=@SRCDIR@/=", "-fmacro-prefix-map=@SRCDIR@/=")
COMMENT_TREE = re.compile(rb"^[ \t]*(?:/\*|\*).*$", re.M)
BUILD_TIME = re.compile(rb"__(?:DATE|TIME|TIMESTAMP)__")
INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]', re.M)


def makefile_facts(obj):
    """(SRCDIR, {object: C source}) from OBJDIR's generated Makefile."""
    with open(os.path.join(obj, "Makefile"), encoding="utf-8") as f:
        text = f.read()
    srcdir = re.search(r"^SRCDIR=(\S+)$", text, re.M)
    if srcdir is None:
        raise SystemExit("from-stock: no SRCDIR= line in %s/Makefile" % obj)
    objects = dict(re.findall(r"^(\S+\.o): (\S+\.c)\b", text, re.M))
    return srcdir.group(1), objects


def commands(obj, objects):
    """{object: compile command as argument list}, as `make -n` expands the recipes for these
    objects with their sources taken as changed (-W), so built and unbuilt objects alike show."""
    args = ["make", "-n", "-C", obj, "--no-print-directory"]
    for target in objects:
        args += ["-W", objects[target]]
    out = subprocess.run(args + list(objects), capture_output=True, text=True, check=True,
                         env=dict(os.environ, LC_ALL="C")).stdout
    found = {}
    for line in out.splitlines():
        words = shlex.split(line) if " -c " in line else []
        if "-o" in words and words.index("-o") + 1 < len(words):
            target = words[words.index("-o") + 1]
            if target in objects:
                found[target] = words
    return found


def options(words, srcdir):
    """(code options, {macro: -D value}, [-I folders]) of a compile command, the tree's path
    made one (@SRCDIR@) and the outputs left out."""
    code, defines, includes, skip = [], {}, [], False
    for w in words:
        # a -D value is text the code may use: compared as it is
        w = w if w.startswith("-D") else w.replace(srcdir, "@SRCDIR@")
        if skip:
            skip = False
        elif w in OUTPUTS_WITH_VALUE:
            skip = True
        elif w in OUTPUTS_ALONE:
            continue
        elif w.startswith("-D"):
            name, _, value = w[2:].partition("=")
            defines[name] = value
        elif w.startswith("-I"):
            includes.append(w[2:])
        else:
            code.append(w)
    return code, defines, includes


def dependencies(path):
    """The files a make dependency file names (None if there is none)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read().replace("\\\n", " ")
    except FileNotFoundError:
        return None
    return text.split(":", 1)[1].split() if ":" in text else None


class Files:
    """File contents, read once, the tree's path made one on comment lines; and what each names
    (the build's time, the headers it includes), found once: most headers serve hundreds of objects."""

    def __init__(self):
        self.cache = {}
        self.named = {}

    def names(self, path, text):
        """(whether text names __DATE__, __TIME__ or __TIMESTAMP__, the names it includes)"""
        if path not in self.named:
            self.named[path] = (BUILD_TIME.search(text) is not None,
                                {n.decode(errors="replace") for n in INCLUDE.findall(text)})
        return self.named[path]

    def read(self, path, srcdir):
        if path not in self.cache:
            try:
                with open(path, "rb") as f:
                    text = f.read()
            except OSError:
                text = None
            if text is not None and srcdir.encode() in text:
                text = COMMENT_TREE.sub(lambda m: m.group(0).replace(srcdir.encode(), b"@SRCDIR@"), text)
            self.cache[path] = text
        return self.cache[path]


@functools.lru_cache(maxsize=None)
def folder_names(folder, base):
    """The names an #include could give to reach each file under folder (folder made absolute
    from base)."""
    folder = os.path.join(base, folder)
    return frozenset(os.path.relpath(os.path.join(d, f), folder)
                     for d, _, files in os.walk(folder) for f in files)


def verdict(target, stock, dot, files):
    """'same' or the reason the object is left for make."""
    (s_obj, s_src, s_cmd), (d_obj, d_src, d_cmd) = stock, dot
    if target not in s_cmd or target not in d_cmd:
        return "no command"
    s_code, s_def, s_inc = options(s_cmd[target], s_src)
    d_code, d_def, d_inc = options(d_cmd[target], d_src)
    if s_code != d_code:
        return "other code options"
    if s_def != d_def:
        return "other -D values"
    if not any(m in s_code for m in MAPS):
        return "tree not mapped out of __FILE__"
    if [i for i in d_inc if i in s_inc] != s_inc:
        return "other include folders"
    extra = set()
    for folder in (i for i in d_inc if i not in s_inc):
        extra |= folder_names(folder.replace("@SRCDIR@", d_src), d_obj)
    built = os.path.join(s_obj, target)
    deps = dependencies(built[:-2] + ".d")
    if deps is None or not os.path.exists(built):
        return "not current in stock"
    stamp = os.stat(built).st_mtime_ns
    for dep in deps:
        path = os.path.join(s_obj, dep)
        text = files.read(path, s_src)
        if text is None or os.stat(path).st_mtime_ns > stamp:
            return "not current in stock"
        if files.read(os.path.join(d_obj, dep.replace(s_src, d_src)), d_src) != text:
            return "other source text"
        build_time, included = files.names(path, text)
        if build_time:
            return "uses the build's time"
        if included & extra:
            return "includes a name libdot's folder holds"
    return "same"


def take(stock_obj, stock_src, obj, src, target):
    """Stock's object and dependency file into OBJ, stamped now, the dependency file's tree
    path changed to OBJ's tree."""
    dst = os.path.join(obj, target)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(os.path.join(stock_obj, target), dst + ".tmp")
    with open(os.path.join(stock_obj, target[:-2] + ".d"), encoding="utf-8") as f:
        deps = f.read().replace(stock_src, src)
    with open(dst[:-2] + ".d", "w", encoding="utf-8") as f:
        f.write(deps)
    os.replace(dst + ".tmp", dst)


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    stock_obj, obj = sys.argv[1], sys.argv[2]
    stock_src, stock_objects = makefile_facts(stock_obj)
    src, objects = makefile_facts(obj)
    # only what stock built can be taken, and only what dot has not built yet needs it
    wanted = {t: s for t, s in objects.items() if t in stock_objects
              and os.path.exists(os.path.join(stock_obj, t)) and not os.path.exists(os.path.join(obj, t))}
    stock = (stock_obj, stock_src, commands(stock_obj, {t: stock_objects[t] for t in wanted}))
    dot = (obj, src, commands(obj, wanted))
    files = Files()
    reasons, taken = {}, []
    for target in wanted:
        why = verdict(target, stock, dot, files)
        reasons[why] = reasons.get(why, 0) + 1
        if why == "same":
            take(stock_obj, stock_src, obj, src, target)
            taken.append(target)
    # the list openssl-patch/test/from-stock.sh samples: what was taken, from where
    with open(os.path.join(obj, "from-stock.txt"), "w", encoding="utf-8") as f:
        f.write("".join("%s %s\n" % (stock_obj, t) for t in taken))
    left = ", ".join("%d %s" % (n, why) for why, n in sorted(reasons.items()) if why != "same")
    print("from-stock: %d of %d objects taken from %s (the same compilation)%s"
          % (len(taken), len(objects), stock_obj, "; left to make: " + left if left else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
