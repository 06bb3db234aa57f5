"""Strings of the prediction prompts (teach/predict.py, ui/predict.py): key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # The prompt's frame: its badge, the verdict and the session's streak
    "predict_badge": ("먼저 예측해 보세요", "Predict first"),
    "predict_right": ("맞았습니다!", "Right!"),
    "predict_wrong": ("아쉽네요. 정답은 **{answer}**입니다.", "Not quite: the answer is **{answer}**."),
    "predict_streak": (
        "이번 세션에서 첫 예측이 맞은 횟수: {right} / {asked}",
        "Right first guesses this session: {right} of {asked}",
    ),
    "predict_literal": ("{text}", "{text}"),
    "predict_veil": (
        "위의 질문에 먼저 답하면 아래가 선명하게 보입니다.",
        "Answer the question above first: then what follows comes into focus.",
    ),
    # Options
    "predict_opt_up": ("올라간다", "Goes up"),
    "predict_opt_same": ("그대로다", "Stays the same"),
    "predict_opt_down": ("내려간다", "Goes down"),
    "predict_opt_times": ("{n}배", "{n}×"),
    "predict_opt_order_1": ("랭킹 1", "Order 1"),
    "predict_opt_order_2": ("랭킹 2", "Order 2"),
    "predict_opt_tie": ("둘이 같다", "Neither: a tie"),
    "predict_opt_rank": ("{rank}위", "Rank {rank}"),
    "predict_opt_higher": ("더 높다", "Higher"),
    "predict_opt_same_value": ("같다", "The same"),
    "predict_opt_lower": ("더 낮다", "Lower"),
    "predict_opt_k": ("k = {k}", "k = {k}"),
    "predict_opt_k_later": ("k ≥ {k}", "k ≥ {k}"),
    "predict_opt_k_none": ("뒤집히지 않는다", "It never flips"),
    "predict_opt_rr_less": ("1/{n} 이하", "at most 1/{n}"),
    "predict_opt_yes": ("예, 같은 값", "Yes, the same value"),
    "predict_opt_no": ("아니요, 다른 값", "No, another value"),
    # Step by step: move the best item not at rank 1 to the top
    "predict_move_q": (
        "지금 {rank}위인 {name} 항목을 1위로 올리면 nDCG는 어떻게 될까요?",
        "Will nDCG go up if {name} (now at rank {rank}) moves to rank 1?",
    ),
    "predict_move_why_up": (
        "관련성 {grade}인 {name} 항목이 1위가 되면 감쇠가 가장 작은 자리에서 가장 큰 이득을 얻어, nDCG가 올라갑니다: {before} → {after}.",
        "{name} (grade {grade}) at rank 1 puts the largest gain where the discount is smallest: nDCG goes from {before} to {after}.",
    ),
    "predict_move_why_same": (
        "관련성 {grade}인 {name} 항목을 1위로 올려도 앞의 항목들과 등급이 같아 nDCG는 {before} 그대로입니다.",
        "{name} (grade {grade}) has the grade of the items it passes, so nDCG stays at {before}.",
    ),
    "predict_move_why_down": (
        "관련성 {grade}인 {name} 항목을 1위로 올리면 더 높은 등급의 항목이 아래로 밀려, nDCG가 내려갑니다: {before} → {after}.",
        "Moving {name} (grade {grade}) to rank 1 pushes better items down: nDCG goes from {before} to {after}.",
    ),
    # Gain: how much is a high grade worth, and can the gain flip a comparison
    "predict_worth_q": (
        "지수 이득(2^rel − 1)에서 관련성 {grade}인 항목 하나는 관련성 1인 항목 몇 개만큼의 가치일까요?",
        "Under exponential gain (2^rel − 1), one item of grade {grade} is worth how many items of grade 1?",
    ),
    "predict_worth_why": (
        "2^{grade} − 1 = {exp}, 2^1 − 1 = 1이므로 {times}배입니다. 선형 이득에서는 {lin}배일 뿐입니다.",
        "2^{grade} − 1 = {exp} and 2^1 − 1 = 1: {times}×. Under linear gain it is only {lin}×.",
    ),
    "predict_worth_why_named": (
        "2^{grade} − 1 = {exp}, 2^1 − 1 = 1이므로 {times}배입니다. 예시에서 관련성이 가장 높은 {name} 항목의 이득은 지수 이득으로 {exp}, 선형 이득으로 {lin}입니다.",
        "2^{grade} − 1 = {exp} and 2^1 − 1 = 1: {times}×. Your top item {name} has gain {exp} under exponential gain and only {lin} under linear gain.",
    ),
    "predict_flip_q": (
        "랭킹 1: {one} / 랭킹 2: {two}. 선형 이득에서는 랭킹 1의 DCG가 더 큽니다. 지수 이득에서는 어느 쪽이 더 클까요?",
        "Order 1 ({one}) and order 2 ({two}): linear gain gives order 1 the larger DCG. Which has the larger DCG under exponential gain?",
    ),
    "predict_flip_why_second": (
        "지수 이득에서는 랭킹 2가 앞섭니다: DCG {exp1} 대 {exp2}. 선형 이득에서는 랭킹 1이 앞섰으니({lin1} 대 {lin2}), 이득 함수만 바꿔도 우열이 뒤집힙니다.",
        "Order 2 wins under exponential gain: DCG {exp1} vs {exp2}, while linear gain gave {lin1} vs {lin2}. The gain alone flips the winner.",
    ),
    "predict_flip_why_first": (
        "지수 이득에서도 랭킹 1이 앞섭니다: DCG {exp1} 대 {exp2}(선형 이득은 {lin1} 대 {lin2}).",
        "Order 1 wins under exponential gain too: DCG {exp1} vs {exp2} (linear gain: {lin1} vs {lin2}).",
    ),
    "predict_flip_why_tie": (
        "지수 이득에서는 둘이 같습니다: DCG {exp1} 대 {exp2}(선형 이득은 {lin1} 대 {lin2}).",
        "Under exponential gain they tie: DCG {exp1} vs {exp2} (linear gain: {lin1} vs {lin2}).",
    ),
    # Discount: where the log2 discount halves an item's gain
    "predict_half_q": (
        "감쇠 1/log₂(i+1)에서 항목이 처음으로 이득의 절반 이하만 인정받는 순위는 어디일까요?",
        "With the discount 1/log₂(i+1), from which rank does an item count half its gain or less?",
    ),
    "predict_half_why": (
        "{rank}위의 감쇠는 1/log₂({log}) = {weight}입니다: 세 번째 자리부터 이득의 절반만 남습니다.",
        "At rank {rank} the discount is 1/log₂({log}) = {weight}: from the third place on, half the gain is left.",
    ),
    "predict_half_why_item": (
        "{rank}위의 감쇠는 1/log₂({log}) = {weight}입니다. 예시의 {rank}위 항목 {name}의 이득 {gain} 중 {part}만 DCG에 더해집니다.",
        "At rank {rank} the discount is 1/log₂({log}) = {weight}: your item {name} there adds only {part} of its gain {gain} to DCG.",
    ),
    # Cut-off: nDCG@1 against nDCG over the whole list
    "predict_cut_q": (
        "이 랭킹의 nDCG@1은 nDCG@{n}(목록 전체)보다 높을까요, 낮을까요?",
        "Will this ranking's nDCG@1 be higher or lower than its nDCG@{n} (the whole list)?",
    ),
    "predict_cut_why_higher": (
        "nDCG@1 = {top}, nDCG@{n} = {whole}. nDCG@1은 1위 항목 {name}(관련성 {grade})만 이상적 순서의 1위와 비교하므로, 아래 순위의 실수가 보이지 않습니다.",
        "nDCG@1 = {top}, nDCG@{n} = {whole}. nDCG@1 compares only rank 1, {name} (grade {grade}), with the ideal first item, so mistakes lower down do not show.",
    ),
    "predict_cut_why_same": (
        "nDCG@1 = {top}, nDCG@{n} = {whole}: 이 랭킹에서는 k가 값을 바꾸지 않습니다.",
        "nDCG@1 = {top}, nDCG@{n} = {whole}: here k does not change the value.",
    ),
    "predict_cut_why_lower": (
        "nDCG@1 = {top}, nDCG@{n} = {whole}. 1위 항목 {name}(관련성 {grade})의 이득이 이상적 순서의 1위보다 작아서, k = 1에서는 그 실수가 전부입니다. 목록 전체에서는 아래 순위가 만회합니다.",
        "nDCG@1 = {top}, nDCG@{n} = {whole}. Rank 1, {name} (grade {grade}), is weaker than the ideal first item, and at k = 1 that mistake is all there is; over the whole list the lower ranks make up for it.",
    ),
    # The lab: which k flips the winner between X and Y
    "predict_flipk_q": (
        "k를 1부터 늘려 갈 때, 랭킹 X와 Y의 우열이 뒤집히는 k는 어디일까요?",
        "As k grows from 1, at which k does the leader between rankings X and Y change?",
    ),
    "predict_flipk_why": (
        "k = 1에서 X는 {x1}, Y는 {y1}입니다. 우열이 바뀌는 컷오프: {ks}. 같은 두 랭킹이라도 k에 따라 승자가 달라집니다.",
        "At k = 1, X scores {x1} and Y {y1}. The leader changes at {ks}: the same two rankings have different winners at different k.",
    ),
    "predict_flipk_why_none": (
        "k = 1에서 X는 {x1}, Y는 {y1}이고, 어떤 k에서도 우열이 바뀌지 않습니다.",
        "At k = 1, X scores {x1} and Y {y1}, and the leader never changes at any k.",
    ),
    # Other metrics: RR
    "predict_rr_q": (
        "관련성 {t} 이상을 관련 항목으로 볼 때, 이 랭킹의 RR(역순위)은 얼마일까요?",
        "Counting grade {t} or more as relevant, what is this ranking's RR (reciprocal rank)?",
    ),
    "predict_rr_why": (
        "관련성 {t} 이상인 첫 항목은 {rank}위의 {name}: RR = 1/{rank} = {rr}. RR은 그 아래 항목들은 보지 않습니다.",
        "The first item of grade {t} or more is {name} at rank {rank}: RR = 1/{rank} = {rr}. RR ignores every item after it.",
    ),
    "predict_rr_why_none": (
        "상위 {k}위 안에 관련성 {t} 이상인 항목이 없어 RR = 0입니다.",
        "No item in the top {k} has grade {t} or more, so RR = 0.",
    ),
    # One ranking, many definitions: does scikit-learn print the app's number?
    "predict_same_q": (
        "이 예시에서 scikit-learn의 ndcg_score로 계산해도 이 앱이 보여 주는 nDCG 값({ours}) 그대로 나올까요?",
        "For this example, will scikit-learn's ndcg_score print the app's nDCG, {ours}?",
    ),
    "predict_same_why_yes": (
        "같습니다: 둘 다 {ours}. 이 예시에서는 이득 함수와 동점 처리의 차이가 값에 드러나지 않습니다.",
        "Yes: both give {ours}. In this example the differences in gain and tie handling do not show.",
    ),
    "predict_same_why_no": (
        "다릅니다: 앱은 {ours}, scikit-learn은 {theirs}. scikit-learn은 관련성을 그대로 이득으로 쓰고(선형 이득), 모델 점수로 순위를 매깁니다.",
        "No: the app shows {ours}, scikit-learn prints {theirs}. scikit-learn uses the grade itself as the gain (linear gain) and ranks by the model scores.",
    ),
}
