-- Issue 17: instances cache the sessions they checked. Every change that can end a session or change what
-- it may do tells every instance, at commit, through NOTIFY session_changed with the person's id.
CREATE OR REPLACE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', coalesce(to_jsonb(NEW), to_jsonb(OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE OF role, completed, suspended_until, totp_enabled_at, deleted_at ON users
  FOR EACH ROW WHEN (
    OLD.role IS DISTINCT FROM NEW.role OR OLD.completed IS DISTINCT FROM NEW.completed
    OR OLD.suspended_until IS DISTINCT FROM NEW.suspended_until OR OLD.totp_enabled_at IS DISTINCT FROM NEW.totp_enabled_at
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
  )
  EXECUTE FUNCTION notify_session_changed('id');
--> statement-breakpoint
CREATE TRIGGER users_session_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_changed('id');
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OF revoked_at, reauthenticated_at, second_factor_at, expires_at, user_id, kind ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_changed('user_id');
