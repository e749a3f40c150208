-- Issue 17: the session check also reads the person's language (for places shown in the reader's language),
-- so instances that cache it must hear of a language change too: users_session_changed follows language.
DROP TRIGGER IF EXISTS users_session_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE OF role, completed, suspended_until, totp_enabled_at, deleted_at, language ON users
  FOR EACH ROW WHEN (
    OLD.role IS DISTINCT FROM NEW.role OR OLD.completed IS DISTINCT FROM NEW.completed
    OR OLD.suspended_until IS DISTINCT FROM NEW.suspended_until OR OLD.totp_enabled_at IS DISTINCT FROM NEW.totp_enabled_at
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.language IS DISTINCT FROM NEW.language
  )
  EXECUTE FUNCTION notify_session_changed('id');
