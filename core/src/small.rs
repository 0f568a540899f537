//! Small-code replacements for the standard sorts and maps. The standard library's sorts are
//! fast but generate several kilobytes of code per element type and comparator, and each
//! `BTreeMap<K, V>` brings its own tree code; with a dozen call sites that was over 100 KB of
//! the PWA's `.wasm`. Here the merging loop exists once (non-generic, over indices), each call
//! site adds only a few instructions, and id lookups are binary searches in a sorted vector.

use std::cmp::Ordering;

/// The order of `0..n` sorted by `cmp`, stable (equal elements keep their order).
fn sorted_order(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).collect();
    let mut buf = vec![0; n];
    let mut width = 1;
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut a, mut b) = (lo, mid);
            for slot in &mut buf[lo..hi] {
                let take_b = a >= mid || (b < hi && cmp(idx[b], idx[a]) == Ordering::Less);
                if take_b {
                    *slot = idx[b];
                    b += 1;
                } else {
                    *slot = idx[a];
                    a += 1;
                }
            }
            lo = hi;
        }
        std::mem::swap(&mut idx, &mut buf);
        width *= 2;
    }
    idx
}

/// Sorts `v` by `cmp`, stably.
pub(crate) fn sort_by<T>(v: &mut Vec<T>, mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let order = sorted_order(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    let mut taken: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(order.into_iter().filter_map(|i| taken[i].take()));
}

/// Sorts `v` by the key `key` extracts, stably.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` in ascending order.
pub(crate) fn sort<T: Ord>(v: &mut Vec<T>) {
    sort_by(v, T::cmp);
}

/// Position of each id in a list, first occurrence kept: a sorted vector searched by halves.
pub(crate) struct IdIndex(Vec<(i64, usize)>);

impl IdIndex {
    /// Indexes `ids` by their position in the iteration.
    pub(crate) fn new(ids: impl Iterator<Item = i64>) -> IdIndex {
        let mut v: Vec<(i64, usize)> = ids.enumerate().map(|(pos, id)| (id, pos)).collect();
        sort(&mut v);
        v.dedup_by_key(|p| p.0);
        IdIndex(v)
    }

    /// The first position of `id`.
    pub(crate) fn get(&self, id: i64) -> Option<usize> {
        self.0.binary_search_by_key(&id, |p| p.0).ok().map(|k| self.0[k].1)
    }

    pub(crate) fn contains(&self, id: i64) -> bool {
        self.get(id).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn agrees_with_the_standard_stable_sort(v in prop::collection::vec((0u8..8, any::<u16>()), 0..200)) {
            let mut ours = v.clone();
            sort_by_key(&mut ours, |p| p.0);
            let mut std = v.clone();
            std.sort_by_key(|p| p.0);
            prop_assert_eq!(ours, std);
            let mut all = v.clone();
            sort(&mut all);
            let mut std_all = v;
            std_all.sort();
            prop_assert_eq!(all, std_all);
        }

        #[test]
        fn index_finds_the_first_position(ids in prop::collection::vec(-5i64..5, 0..30), probe in -6i64..6) {
            let index = IdIndex::new(ids.iter().copied());
            prop_assert_eq!(index.get(probe), ids.iter().position(|&i| i == probe));
        }
    }
}
