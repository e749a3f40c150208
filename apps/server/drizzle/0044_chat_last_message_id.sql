-- Issue 43: a chat's newest message id, as seen once the chat's lock is held. Every append locks the chat
-- (FOR NO KEY UPDATE) and derives the new id from the newest one (nextMessageId), so ids grow in commit order.
-- Read in the locking statement itself, the newest id would come from that statement's snapshot, taken before it
-- waited for the lock: a message committed during the wait would be missed, and the new id could sort before it or
-- collide with it. A VOLATILE function takes a fresh snapshot for its query under READ COMMITTED, so called on the
-- locked row it sees every message committed before the lock was granted. PL/pgSQL keeps its plan per connection.
CREATE OR REPLACE FUNCTION chat_last_message_id(chat uuid) RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN (SELECT m.id FROM messages m WHERE m.chat_id = chat ORDER BY m.id DESC LIMIT 1);
END
$$;
