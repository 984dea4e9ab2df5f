"""The compiled part of the project: card vision's outline refinement, the tracing of a
mask's outer contours (its specks left out), the Canny edge mask, a blob's chamfer
distances, the brighter-than-around mask, quad arithmetic, the describer's blur, white
balance, shrinks and gradient histograms, and the matching's squared distances
(vision/_refine.c, see vision/outline.py, vision/detect.py, vision/describe.py and
vision/model.py). Everything else about the package is in pyproject.toml."""

from setuptools import Extension, setup

# -ffp-contract=off: no fused multiply-add (the Pi's ARM has it), so the C code rounds
# as the NumPy code it replaced did. -fno-math-errno: lrintf and sqrt become single
# instructions (errno is never read); they round the same. -fopenmp-simd: the loops marked
# `#pragma omp simd` (a running sum of whole numbers) are vectorised; no OpenMP runtime.
setup(ext_modules=[Extension("vision._refine", ["vision/_refine.c"],
                             extra_compile_args=["-O3", "-ffp-contract=off", "-fno-math-errno",
                                                 "-fopenmp-simd"])])
