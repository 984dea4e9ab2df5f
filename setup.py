"""The compiled part of the project: card vision's outline refinement and the tracing of a
mask's outer contours (vision/_refine.c, see vision/outline.py and vision/detect.py, which
fall back on NumPy and OpenCV where it could not be built). Everything else about the
package is in pyproject.toml."""

from setuptools import Extension, setup

# -ffp-contract=off: no fused multiply-add (the Pi's ARM has it), so that the C rounds as
# the NumPy version of the same steps does. -fno-math-errno: lrintf and sqrt become single
# instructions (errno is never read).
setup(ext_modules=[Extension("vision._refine", ["vision/_refine.c"],
                             extra_compile_args=["-O3", "-ffp-contract=off", "-fno-math-errno"],
                             optional=True)])
