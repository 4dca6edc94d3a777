# Shared by the check_*.awk scripts (awk -f tests/compare.awk -f check_....awk):
# the largest difference between w[first..last] and this line's fields
# $(first + shift) .. $(last + shift), or against their negation when that is
# smaller and either_sign is set (q and -q are the same rotation).
function abs(x) { return x < 0 ? -x : x }
function largest_difference(w, first, last, shift, either_sign,    k, d, plus, minus) {
    plus = minus = 0
    for (k = first; k <= last; ++k) {
        d = abs($(k + shift) - w[k]); if (d > plus) plus = d
        d = abs($(k + shift) + w[k]); if (d > minus) minus = d
    }
    return either_sign && minus < plus ? minus : plus
}
