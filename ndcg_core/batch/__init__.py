"""nDCG over many queries of a run at once, vectorized with NumPy.

The ideal of each query is every judged document of that query (trec_eval's pool);
run documents missing from the qrels count as relevance 0. Ties in score follow the
same named policies as ``score_ranking``, from the same registry.

With a cut-off k, and each query's rows listed together as in TREC run files, only the
rows that can reach a query's top k are joined with the qrels and ranked
(``_topk.top_k_rows``); the others cannot change DCG@k.

Modules: ``evaluate`` (evaluate_run and its phases), ``_ids`` (id codes and fingerprints),
``_topk`` (top-k pruning), ``_join`` (run rows joined with their grades) and ``_sort``
(sort and group primitives).
"""

from ndcg_core.batch.evaluate import RunEvaluation, evaluate_run, evaluate_run_gains

__all__ = ["RunEvaluation", "evaluate_run", "evaluate_run_gains"]
