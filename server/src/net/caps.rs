//! How much one client may hold at once, and everyone together: open connections (counted by
//! the listener) and live streams (counted by the stream's handler). One client address never
//! takes the whole server: beyond its own cap it is refused while others are still served, and
//! the total cap keeps the process within its open-files limit (`LimitNOFILE` in
//! deploy/centre.service is sized from these numbers).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};

/// A cap per client address and in total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cap {
    pub total: u32,
    pub per_address: u32,
}

/// Counts what is held, per address and in total, under one [`Cap`].
#[derive(Debug)]
pub struct Counter {
    cap: Cap,
    held: Mutex<Held>,
}

#[derive(Debug, Default)]
struct Held {
    total: u32,
    /// Only addresses holding something: an address is removed when its count falls to zero,
    /// so the map never outgrows what is open.
    per_address: HashMap<IpAddr, u32>,
}

/// Why a client was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// This address holds its cap already.
    Address,
    /// The server holds its total already.
    Total,
}

impl Counter {
    pub fn new(cap: Cap) -> Arc<Counter> {
        Arc::new(Counter { cap, held: Mutex::new(Held::default()) })
    }

    pub fn cap(&self) -> Cap {
        self.cap
    }

    /// Takes one place for `address` (counted in the total only when `None`: a trusted proxy
    /// speaks for many clients), or says why not. The place is given back when the permit drops.
    pub fn acquire(self: &Arc<Self>, address: Option<IpAddr>) -> Result<Permit, Refused> {
        let key = address.map(bucket);
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if held.total >= self.cap.total {
            return Err(Refused::Total);
        }
        if let Some(key) = key {
            let count = held.per_address.entry(key).or_insert(0);
            if *count >= self.cap.per_address {
                return Err(Refused::Address);
            }
            *count += 1;
        }
        held.total += 1;
        Ok(Permit { counter: Arc::clone(self), key })
    }

    /// What is held now: in total, and by `address`.
    pub fn held(&self, address: Option<IpAddr>) -> (u32, u32) {
        let held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let by = address.map(bucket).and_then(|k| held.per_address.get(&k).copied()).unwrap_or(0);
        (held.total, by)
    }

    fn release(&self, key: Option<IpAddr>) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        held.total = held.total.saturating_sub(1);
        if let Some(key) = key
            && let Some(count) = held.per_address.get_mut(&key)
        {
            *count = count.saturating_sub(1);
            if *count == 0 {
                held.per_address.remove(&key);
            }
        }
    }
}

/// One place held; given back on drop.
#[derive(Debug)]
pub struct Permit {
    counter: Arc<Counter>,
    key: Option<IpAddr>,
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.counter.release(self.key);
    }
}

/// What one cap counts as one client: an IPv4 address, or an IPv6 /64 (what one household or
/// one phone is given; a client can pick any address inside its /64).
pub fn bucket(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED))
    }

    #[test]
    fn one_address_is_capped_while_others_are_served_and_places_come_back() {
        let counter = Counter::new(Cap { total: 5, per_address: 2 });
        let a = Some(ip("203.0.113.1"));
        let first = counter.acquire(a);
        let second = counter.acquire(a);
        assert!(first.is_ok() && second.is_ok());
        assert_eq!(counter.acquire(a).err(), Some(Refused::Address));
        // Another address, and a trusted proxy's connection (no address), still get in.
        let b = counter.acquire(Some(ip("203.0.113.2")));
        let proxy = counter.acquire(None);
        assert!(b.is_ok() && proxy.is_ok());
        assert_eq!(counter.held(a), (4, 2));
        drop(first);
        assert_eq!(counter.held(a), (3, 1));
        let again = counter.acquire(a);
        assert!(again.is_ok());
        // The total: the fifth place is the last one, whoever asks.
        let last = counter.acquire(None);
        assert!(last.is_ok());
        assert_eq!(counter.acquire(Some(ip("198.51.100.9"))).err(), Some(Refused::Total));
        drop((second, b, proxy, again, last));
        assert_eq!(counter.held(a), (0, 0));
        assert!(counter.held.lock().map(|h| h.per_address.is_empty()).unwrap_or(false), "no address is kept");
    }

    #[test]
    fn an_ipv6_client_counts_per_64_and_a_mapped_ipv4_as_itself() {
        let counter = Counter::new(Cap { total: 10, per_address: 1 });
        let held = counter.acquire(Some(ip("2001:db8:1:2::1")));
        assert!(held.is_ok());
        assert_eq!(counter.acquire(Some(ip("2001:db8:1:2:ffff::9"))).err(), Some(Refused::Address));
        assert!(counter.acquire(Some(ip("2001:db8:1:3::1"))).is_ok());
        let v4 = counter.acquire(Some(ip("::ffff:203.0.113.1")));
        assert!(v4.is_ok());
        assert_eq!(counter.acquire(Some(ip("203.0.113.1"))).err(), Some(Refused::Address));
    }
}
