//! The roles granted to members beyond their own account: admins run everything, supervisors
//! read the bookings, camp staff ('Animateur') look after the children of the day-camp weeks an
//! admin gives them. Every server route checks its role itself (the server's extractors).

use serde::{Deserialize, Serialize};

use crate::stored::stored_text;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Admin,
    Supervisor,
    CampStaff,
}

stored_text!(Role { Admin = "admin", Supervisor = "supervisor", CampStaff = "camp_staff" });

/// Whether someone may see a day-camp week's children: an admin, or camp staff given that week.
pub fn may_see_week(is_admin: bool, staff_weeks: &[i64], week: i64) -> bool {
    is_admin || staff_weeks.contains(&week)
}

/// Whether someone may open a child's full health record: an admin, or camp staff given one of
/// the weeks the child is registered for. Nobody else, members included: a family sees its own
/// registrations through their own calls, never another family's.
pub fn may_open_child_record(is_admin: bool, staff_weeks: &[i64], child_weeks: &[i64]) -> bool {
    is_admin || child_weeks.iter().any(|week| staff_weeks.contains(week))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camp_staff_see_only_their_weeks() {
        assert!(may_see_week(false, &[3, 4], 4));
        assert!(!may_see_week(false, &[3, 4], 5));
        assert!(!may_see_week(false, &[], 1));
        assert!(may_see_week(true, &[], 5));
        assert!(may_open_child_record(false, &[4], &[2, 4]));
        assert!(!may_open_child_record(false, &[3], &[2, 4]));
        assert!(!may_open_child_record(false, &[], &[]));
        assert!(may_open_child_record(true, &[], &[2]));
    }

    #[test]
    fn the_role_is_stored_as_camp_staff() {
        assert_eq!(Role::CampStaff.as_str(), "camp_staff");
        assert_eq!(Role::parse("camp_staff"), Some(Role::CampStaff));
    }
}
