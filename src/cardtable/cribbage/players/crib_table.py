"""Expected crib show for two cards laid away: generated data, do not edit by hand.

Written by ``python bench/cribbage_crib_table.py`` (see its docstring): for each pair of ranks
(0 = ace to 12 = king, low rank first) and whether the two cards share a suit, the average
show of a crib holding them, over every pair of the other 50 cards as the other half of the
crib and every remaining card as the starter. Exact enumeration: no seed, no sampling
(58,800 crib shows per entry, 169 entries).

>>> round(CRIB_VALUES[(4, 4, False)], 2) > round(CRIB_VALUES[(0, 12, False)], 2)
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["CRIB_VALUES"]

# (low rank, high rank, suited) -> expected crib points.
CRIB_VALUES: Final[dict[tuple[int, int, bool], float]] = {
    (0, 0, False): 5.5318,  # A-A
    (0, 1, False): 4.4349,
    (0, 1, True): 4.4770,  # A-2 suited
    (0, 2, False): 4.5549,
    (0, 2, True): 4.5970,  # A-3 suited
    (0, 3, False): 5.4637,
    (0, 3, True): 5.5058,  # A-4 suited
    (0, 4, False): 5.7264,
    (0, 4, True): 5.7685,  # A-5 suited
    (0, 5, False): 4.2530,
    (0, 5, True): 4.2951,  # A-6 suited
    (0, 6, False): 4.0748,
    (0, 6, True): 4.1169,  # A-7 suited
    (0, 7, False): 4.1182,
    (0, 7, True): 4.1603,  # A-8 suited
    (0, 8, False): 4.0341,
    (0, 8, True): 4.0762,  # A-9 suited
    (0, 9, False): 3.9520,  # A-T
    (0, 9, True): 3.9941,  # A-T suited
    (0, 10, False): 4.1896,  # A-J
    (0, 10, True): 4.2125,  # A-J suited
    (0, 11, False): 3.8500,  # A-Q
    (0, 11, True): 3.8921,  # A-Q suited
    (0, 12, False): 3.7414,  # A-K
    (0, 12, True): 3.7835,  # A-K suited
    (1, 1, False): 5.8253,  # 2-2
    (1, 2, False): 6.8327,  # 2-3
    (1, 2, True): 6.8747,  # 2-3 suited
    (1, 3, False): 4.8410,  # 2-4
    (1, 3, True): 4.8831,  # 2-4 suited
    (1, 4, False): 5.7558,  # 2-5
    (1, 4, True): 5.7979,  # 2-5 suited
    (1, 5, False): 4.3616,  # 2-6
    (1, 5, True): 4.4037,  # 2-6 suited
    (1, 6, False): 4.2766,  # 2-7
    (1, 6, True): 4.3187,  # 2-7 suited
    (1, 7, False): 4.2286,  # 2-8
    (1, 7, True): 4.2707,  # 2-8 suited
    (1, 8, False): 4.1320,  # 2-9
    (1, 8, True): 4.1741,  # 2-9 suited
    (1, 9, False): 4.0645,  # 2-T
    (1, 9, True): 4.1066,  # 2-T suited
    (1, 10, False): 4.3020,  # 2-J
    (1, 10, True): 4.3249,  # 2-J suited
    (1, 11, False): 3.9624,  # 2-Q
    (1, 11, True): 4.0045,  # 2-Q suited
    (1, 12, False): 3.8539,  # 2-K
    (1, 12, True): 3.8960,  # 2-K suited
    (2, 2, False): 6.1612,  # 3-3
    (2, 3, False): 5.4920,  # 3-4
    (2, 3, True): 5.5341,  # 3-4 suited
    (2, 4, False): 6.4213,  # 3-5
    (2, 4, True): 6.4634,  # 3-5 suited
    (2, 5, False): 4.2681,  # 3-6
    (2, 5, True): 4.3102,  # 3-6 suited
    (2, 6, False): 4.3492,  # 3-7
    (2, 6, True): 4.3913,  # 3-7 suited
    (2, 7, False): 4.2843,  # 3-8
    (2, 7, True): 4.3264,  # 3-8 suited
    (2, 8, False): 4.1101,  # 3-9
    (2, 8, True): 4.1522,  # 3-9 suited
    (2, 9, False): 4.1398,  # 3-T
    (2, 9, True): 4.1819,  # 3-T suited
    (2, 10, False): 4.3773,  # 3-J
    (2, 10, True): 4.4003,  # 3-J suited
    (2, 11, False): 4.0378,  # 3-Q
    (2, 11, True): 4.0798,  # 3-Q suited
    (2, 12, False): 3.9292,  # 3-K
    (2, 12, True): 3.9713,  # 3-K suited
    (3, 3, False): 6.1355,  # 4-4
    (3, 4, False): 6.9905,  # 4-5
    (3, 4, True): 7.0326,  # 4-5 suited
    (3, 5, False): 4.9614,  # 4-6
    (3, 5, True): 5.0035,  # 4-6 suited
    (3, 6, False): 4.1732,  # 4-7
    (3, 6, True): 4.2153,  # 4-7 suited
    (3, 7, False): 4.2976,  # 4-8
    (3, 7, True): 4.3396,  # 4-8 suited
    (3, 8, False): 4.1978,  # 4-9
    (3, 8, True): 4.2398,  # 4-9 suited
    (3, 9, False): 4.1363,  # 4-T
    (3, 9, True): 4.1784,  # 4-T suited
    (3, 10, False): 4.3739,  # 4-J
    (3, 10, True): 4.3968,  # 4-J suited
    (3, 11, False): 4.0343,  # 4-Q
    (3, 11, True): 4.0764,  # 4-Q suited
    (3, 12, False): 3.9257,  # 4-K
    (3, 12, True): 3.9678,  # 4-K suited
    (4, 4, False): 8.9927,  # 5-5
    (4, 5, False): 7.0854,  # 5-6
    (4, 5, True): 7.1275,  # 5-6 suited
    (4, 6, False): 6.4079,  # 5-7
    (4, 6, True): 6.4499,  # 5-7 suited
    (4, 7, False): 5.7503,  # 5-8
    (4, 7, True): 5.7924,  # 5-8 suited
    (4, 8, False): 5.7301,  # 5-9
    (4, 8, True): 5.7722,  # 5-9 suited
    (4, 9, False): 7.0205,  # 5-T
    (4, 9, True): 7.0626,  # 5-T suited
    (4, 10, False): 7.2581,  # 5-J
    (4, 10, True): 7.2810,  # 5-J suited
    (4, 11, False): 6.9185,  # 5-Q
    (4, 11, True): 6.9606,  # 5-Q suited
    (4, 12, False): 6.8099,  # 5-K
    (4, 12, True): 6.8520,  # 5-K suited
    (5, 5, False): 6.2902,  # 6-6
    (5, 6, False): 5.5329,  # 6-7
    (5, 6, True): 5.5749,  # 6-7 suited
    (5, 7, False): 4.8945,  # 6-8
    (5, 7, True): 4.9366,  # 6-8 suited
    (5, 8, False): 5.5716,  # 6-9
    (5, 8, True): 5.6137,  # 6-9 suited
    (5, 9, False): 3.8339,  # 6-T
    (5, 9, True): 3.8760,  # 6-T suited
    (5, 10, False): 4.0714,  # 6-J
    (5, 10, True): 4.0943,  # 6-J suited
    (5, 11, False): 3.7318,  # 6-Q
    (5, 11, True): 3.7739,  # 6-Q suited
    (5, 12, False): 3.6233,  # 6-K
    (5, 12, True): 3.6654,  # 6-K suited
    (6, 6, False): 6.1082,  # 7-7
    (6, 7, False): 6.7590,  # 7-8
    (6, 7, True): 6.8011,  # 7-8 suited
    (6, 8, False): 4.3476,  # 7-9
    (6, 8, True): 4.3896,  # 7-9 suited
    (6, 9, False): 3.7202,  # 7-T
    (6, 9, True): 3.7623,  # 7-T suited
    (6, 10, False): 4.0182,  # 7-J
    (6, 10, True): 4.0411,  # 7-J suited
    (6, 11, False): 3.6786,  # 7-Q
    (6, 11, True): 3.7207,  # 7-Q suited
    (6, 12, False): 3.5700,  # 7-K
    (6, 12, True): 3.6121,  # 7-K suited
    (7, 7, False): 5.6347,  # 8-8
    (7, 8, False): 4.9255,  # 8-9
    (7, 8, True): 4.9676,  # 8-9 suited
    (7, 9, False): 4.2982,  # 8-T
    (7, 9, True): 4.3403,  # 8-T suited
    (7, 10, False): 3.9416,  # 8-J
    (7, 10, True): 3.9645,  # 8-J suited
    (7, 11, False): 3.6624,  # 8-Q
    (7, 11, True): 3.7045,  # 8-Q suited
    (7, 12, False): 3.5539,  # 8-K
    (7, 12, True): 3.5960,  # 8-K suited
    (8, 8, False): 5.5298,  # 9-9
    (8, 9, False): 4.8398,  # 9-T
    (8, 9, True): 4.8819,  # 9-T suited
    (8, 10, False): 4.4833,  # 9-J
    (8, 10, True): 4.5062,  # 9-J suited
    (8, 11, False): 3.5496,  # 9-Q
    (8, 11, True): 3.5917,  # 9-Q suited
    (8, 12, False): 3.5014,  # 9-K
    (8, 12, True): 3.5435,  # 9-K suited
    (9, 9, False): 5.4633,  # T-T
    (9, 10, False): 5.0441,  # T-J
    (9, 10, True): 5.0670,  # T-J suited
    (9, 11, False): 4.1104,  # T-Q
    (9, 11, True): 4.1525,  # T-Q suited
    (9, 12, False): 3.4078,  # T-K
    (9, 12, True): 3.4498,  # T-K suited
    (10, 10, False): 5.9286,  # J-J
    (10, 11, False): 5.0061,  # J-Q
    (10, 11, True): 5.0290,  # J-Q suited
    (10, 12, False): 4.3035,  # J-K
    (10, 12, True): 4.3264,  # J-K suited
    (11, 11, False): 5.2494,  # Q-Q
    (11, 12, False): 3.9639,  # Q-K
    (11, 12, True): 4.0060,  # Q-K suited
    (12, 12, False): 5.0322,  # K-K
}
