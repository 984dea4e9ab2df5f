# Types of card vision's C part (vision/_refine.c, whose docstring gives the shapes and
# dtypes); refine changes the outlines and writes the supports it is given.
from numpy.typing import NDArray

def refine(grey: NDArray, quads: NDArray, support: NDArray, aspect: float, edge_contrast: float,
           along: NDArray, slopes: NDArray, crossings: int, paper_like: float) -> None: ...
def outer_contours(mask: NDArray, least_extent_product: float = 0.0) -> tuple[bytearray, tuple[int, ...]]: ...
