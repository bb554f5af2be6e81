"""Prints a variant's manifest.json from M_* environment variables (set by the build scripts)."""
import json
import os
import time

fields = {
    "library": "M_LIBRARY",
    "variant": "M_VARIANT",
    "upstream_version": "M_UPSTREAM",
    "debian_version": "M_DEBIAN",
    "patch_series_hash": "M_SERIES",
    "patches": "M_PATCHES",
    "configure": "M_CONFIGURE",
    "cflags": "M_CFLAGS",
    "host": "M_HOST",
    "compiler": "M_CC",
    "libdot_a_hash": "M_DOT_A",
}
manifest = {key: os.environ.get(var, "") for key, var in fields.items()}
manifest["patches"] = manifest["patches"].split()
manifest["debian_patches"] = "not applied: pristine upstream source from the Debian source package"
manifest["date"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
print(json.dumps(manifest, indent=2))
