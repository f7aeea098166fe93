-- Mails that failed for good before their tokens were redacted (see domain/redact-link-tokens.ts): the token of every
-- link in their bodies and last error goes, the rest stays for whoever looks at why they failed. Sent mails already
-- have no bodies.
UPDATE mail_queue
   SET html_body = regexp_replace(html_body, '([?&;]token=)[^&[:space:]"''<>]+', '\1[redacted]', 'g'),
       text_body = regexp_replace(text_body, '([?&;]token=)[^&[:space:]"''<>]+', '\1[redacted]', 'g'),
       last_error = regexp_replace(last_error, '([?&;]token=)[^&[:space:]"''<>]+', '\1[redacted]', 'g')
 WHERE status = 'failed';
