"""nDCG in the browser (issue 25): the one JavaScript source of the drag list's own numbers.

The drag list (``ui.components.sortable``) ships this text in front of its own code, and
``tests/test_browser_instant.py`` runs this same text in Chromium against ``ndcg_core.score_ranking``
on random examples, so what the list draws during a drag is the core's number.

It follows the core step by step, in the same order of operations, so the two agree to the last
bit or two: gains ``rel`` (linear) or ``2^rel - 1`` (exponential); the discount ``1 / log2(i + 1)``;
DCG@k the running sum of gain x discount over ranks 1..min(k, n), added left to right as
``numpy.cumsum`` adds; IDCG@k the same sum over the gains of the judged pool (the listed grades and
the judged items outside the list) sorted from high to low, over ranks 1..min(k, pool size); nDCG =
DCG / IDCG, at most 1, and 0 when IDCG is 0 (nothing relevant), the core's convention.

Other discounts and ranking by model scores under a tie policy are not computed here: ``ndcgScore``
returns null for a gain it does not know, and the list then shows the server's number only.
"""

from __future__ import annotations

NDCG_JS = """
// ---- nDCG in the browser: the arithmetic of ndcg_core.score_ranking (ui/components/ndcg_js.py) ----
const NDCG_GAINS = {
  linear: (rel) => rel,
  exponential: (rel) => Math.pow(2, rel) - 1,
};
function ndcgDiscount(rank) { return 1 / Math.log2(rank + 1); }
// grades: the listed grades in ranked order; k: a cut-off (null: the whole list, and the whole pool
// for IDCG); extra: grades of judged items outside the list (null or empty: the ideal is the list's).
// Returns {dcg, idcg, ndcg, terms, gains, top} (terms: each rank's discounted gain; top: IDCG's first
// term, the largest any rank can have), or null for a gain this code does not compute.
function ndcgScore(grades, gain, k, extra) {
  const g = NDCG_GAINS[gain];
  if (!g || !grades.length) return null;
  const n = grades.length;
  const gains = new Array(n);
  for (let i = 0; i < n; i++) gains[i] = g(grades[i]);
  const pool = gains.slice();
  if (extra) for (let j = 0; j < extra.length; j++) pool.push(g(extra[j]));
  pool.sort((a, b) => b - a);
  const m = pool.length;
  const nk = k == null ? n : Math.min(k, n);
  const mk = k == null ? m : Math.min(k, m);
  const terms = new Array(n);
  let dcg = 0;
  for (let i = 0; i < n; i++) {
    terms[i] = gains[i] * ndcgDiscount(i + 1);
    if (i < nk) dcg += terms[i];
  }
  let idcg = 0;
  for (let i = 0; i < mk; i++) idcg += pool[i] * ndcgDiscount(i + 1);
  const ndcg = idcg > 0 ? Math.min(dcg / idcg, 1) : 0;
  return { dcg: dcg, idcg: idcg, ndcg: ndcg, terms: terms, gains: gains, top: m ? pool[0] * ndcgDiscount(1) : 0 };
}
// ---- end of nDCG in the browser ----
"""
