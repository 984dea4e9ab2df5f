"""The matching's squared distances (vision._refine.squared_distances, DeckModel._distances):
|s|² + |p|² − 2 s·p in float32, every sum's terms added in order, so that every build
gives the same bits."""

from __future__ import annotations

import numpy as np
import pytest

from vision import _refine
from vision.model import PANEL, DeckModel, _panels

TOLERANCE = 2e-6
"""Largest error of a squared distance against float64 arithmetic, as a share of
|s|² + |p|² (what the formula cancels): float32 rounds that sum alone by up to 6e-8 of
it, and the model's descriptors come within 7e-7 (as near as NumPy's float32 products)."""


def _squares(projected: np.ndarray) -> np.ndarray:
    return np.einsum("ij,ij->i", projected, projected)  # float32, as DeckModel computes them


def _c_distances(seen: np.ndarray, projection: np.ndarray, projected: np.ndarray) -> np.ndarray:
    panels = _panels(projection, len(projection))
    out = np.full((len(seen), len(projected)), np.nan, np.float32)  # every item must be written
    _refine.squared_distances(seen, panels, _panels(projected.T, PANEL * len(panels)), _squares(projected), out)
    return out


def _in_order(seen: np.ndarray, projection: np.ndarray, projected: np.ndarray) -> np.ndarray:
    """The same formula in NumPy, a term at a time: each sum in order, in float32 but for
    |s|² (in float64, rounded once)."""
    flat = np.zeros((len(seen), projection.shape[1]), np.float32)
    for i in range(seen.shape[1]):
        flat += seen[:, i:i + 1] * projection[i]
    dots = np.zeros((len(seen), len(projected)), np.float32)
    norms = np.zeros(len(seen), np.float64)
    for p in range(projection.shape[1]):
        dots += flat[:, p:p + 1] * projected[:, p]
        norms += flat[:, p].astype(np.float64) * flat[:, p]
    return (norms.astype(np.float32)[:, None] + _squares(projected)[None, :]) - np.float32(2) * dots


def _float64(seen: np.ndarray, projection: np.ndarray, projected: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The squared distances and |s|² + |p|², in float64."""
    flat = seen.astype(np.float64) @ projection.astype(np.float64)
    p = projected.astype(np.float64)
    d2 = ((flat[:, None, :] - p[None]) ** 2).sum(axis=2)
    return d2, (flat ** 2).sum(axis=1)[:, None] + (p ** 2).sum(axis=1)[None, :]


def _random(rng: np.random.Generator, m: int, d: int, p: int, k: int):
    seen = rng.normal(0, 1, (m, d)).astype(np.float32)
    projection = rng.normal(0, 1 / np.sqrt(d), (d, p)).astype(np.float32)
    projected = rng.normal(0, 1, (k, p)).astype(np.float32)
    return seen, projection, projected


SHAPES = [(1, 5, 3, 1), (2, 16, 16, 16), (3, 17, 15, 33), (5, 100, 37, 50), (7, 912, 256, 40), (10, 912, 256, 1353),
          (20, 64, 32, 100), (0, 8, 8, 8)]


@pytest.mark.parametrize("shape", SHAPES)
def test_random_inputs_as_float64_and_as_sums_in_order(shape):
    seen, projection, projected = _random(np.random.default_rng(sum(shape)), *shape)
    found = _c_distances(seen, projection, projected)
    d2, scale = _float64(seen, projection, projected)
    assert found.dtype == np.float32 and found.shape == d2.shape
    assert np.all(np.abs(found - d2) <= TOLERANCE * scale)
    if shape[1] * shape[0] <= 1000 or shape[0] <= 10:
        assert np.array_equal(found, _in_order(seen, projection, projected))  # the same bits


def test_model_descriptors_as_float64_and_as_sums_in_order(mustang_model):
    # descriptors of the model's own views, moved a little (as cards are seen), and its projection
    model = mustang_model
    rng = np.random.default_rng(5)
    seen = model.prototypes[rng.choice(len(model.prototypes), 12)]
    seen = np.ascontiguousarray(seen + rng.normal(0, 0.02, seen.shape), np.float32)
    found = model._distances(seen)
    projected = model.prototypes @ model.projection  # as the model projects them
    d2, scale = _float64(seen, model.projection, projected)
    assert np.all(np.abs(found - d2) <= TOLERANCE * scale)
    flat = seen @ model.projection  # NumPy's float32 (OpenBLAS's order), the same formula
    numpy = np.einsum("ij,ij->i", flat, flat)[:, None] + model._squares[None, :] - 2.0 * (flat @ projected.T)
    assert np.max(np.abs(found - d2) / scale) <= 2 * np.max(np.abs(numpy - d2) / scale)
    assert np.array_equal(found, _in_order(seen, model.projection, projected))


def test_a_descriptor_on_a_prototype_is_near_zero_not_below(mustang_model):
    # with no projection to round, s is p: only |s|², |p|² and s·p's own roundings are left
    model = mustang_model
    projected = np.ascontiguousarray((model.prototypes @ model.projection)[::50])
    found = _c_distances(projected, np.eye(projected.shape[1], dtype=np.float32), projected)
    own = np.diagonal(found)
    assert np.all(np.abs(own) <= TOLERANCE * 2 * _squares(projected))
    # and through the projection, seen as the prototypes themselves
    own = np.diagonal(model._distances(np.ascontiguousarray(model.prototypes[::50]))[:, ::50])
    assert np.all(own >= -TOLERANCE * 2 * model._squares[::50])
    assert np.all(own < 1e-3 * model.scale)


def _small_model(rng: np.random.Generator) -> DeckModel:
    faces, views, length = 6, 5, 120
    centres = rng.normal(0, 1, (faces, length))
    prototypes = (np.repeat(centres, views, axis=0) + rng.normal(0, 0.3, (faces * views, length))).astype(np.float32)
    return DeckModel(deck="test", ids=tuple(f"face{k}" for k in range(faces)), prototypes=prototypes,
                     labels=np.repeat(np.arange(faces), views).astype(np.int32),
                     references=np.zeros((faces, 4, 3, 3), np.uint8),
                     index_prototypes=rng.normal(0, 1, (faces * views, 30)).astype(np.float32), aspect=0.7)


def test_match_answers_as_the_numpy_formula(monkeypatch):
    rng = np.random.default_rng(21)
    model = _small_model(rng)
    seen = model.prototypes[rng.choice(len(model.prototypes), 9)]
    seen = np.stack([seen + rng.normal(0, 0.2, seen.shape), seen[:, ::-1]], axis=1).astype(np.float32)
    found = model.match(seen)
    projected = model.prototypes @ model.projection  # as the model projects them

    def numpy_distances(rows: np.ndarray) -> np.ndarray:
        flat = rows @ model.projection
        return np.einsum("ij,ij->i", flat, flat)[:, None] + model._squares[None, :] - 2.0 * (flat @ projected.T)

    monkeypatch.setattr(model, "_distances", numpy_distances)
    expected = model.match(seen)
    assert [(m.card, m.best, m.runner_up, m.upside_down) for m in found] == \
        [(m.card, m.best, m.runner_up, m.upside_down) for m in expected]
    for a, b in zip(found, expected):
        assert a.confidence == pytest.approx(b.confidence, abs=1e-5)
        assert a.margin == pytest.approx(b.margin, abs=1e-5)
    monkeypatch.setattr(model, "_distances", lambda rows: _in_order(rows, model.projection, projected))
    assert model.match(seen) == found  # the same bits


def test_bad_arguments_are_clear_errors():
    seen, projection, projected = _random(np.random.default_rng(3), 3, 20, 16, 40)
    panels = _panels(projection, len(projection))
    prototypes = _panels(projected.T, PANEL * len(panels))
    squares = _squares(projected)
    out = np.empty((3, 40), np.float32)
    _refine.squared_distances(seen, panels, prototypes, squares, out)
    with pytest.raises(TypeError):
        _refine.squared_distances([[1.0]], panels, prototypes, squares, out)
    with pytest.raises(ValueError, match="seen must be a C-contiguous array of float32"):
        _refine.squared_distances(np.asfortranarray(seen), panels, prototypes, squares, out)
    with pytest.raises(ValueError, match="seen must be a 2-D array of float32"):
        _refine.squared_distances(seen.astype(np.float64), panels, prototypes, squares, out)
    with pytest.raises(ValueError, match="projection_panels must be B x 20 x 16"):
        _refine.squared_distances(seen, panels[:, :19], prototypes, squares, out)
    with pytest.raises(ValueError, match="projection_panels must be B x 20 x 16"):
        _refine.squared_distances(seen, np.ascontiguousarray(panels[:, :, :8]), prototypes, squares, out)
    with pytest.raises(ValueError, match="prototype_panels must be N x 16 x 16"):
        _refine.squared_distances(seen, panels, np.ascontiguousarray(prototypes[:, :15]), squares, out)
    with pytest.raises(ValueError, match="squares must have 33 to 48 items"):
        _refine.squared_distances(seen, panels, prototypes, squares[:30], out[:, :30].copy())
    with pytest.raises(ValueError, match="out must be 3 x 40"):
        _refine.squared_distances(seen, panels, prototypes, squares, out[:2].copy())
    with pytest.raises(ValueError, match="out must be a C-contiguous writable array"):
        _refine.squared_distances(seen, panels, prototypes, squares, np.empty((40, 3), np.float32).T)
    shared = np.empty(3 * 20 + 3 * 40, np.float32)
    inside = shared[:60].reshape(3, 20)
    inside[:] = seen
    with pytest.raises(ValueError, match="must not share memory"):
        _refine.squared_distances(inside, panels, prototypes, squares, shared[20:140].reshape(3, 40))
