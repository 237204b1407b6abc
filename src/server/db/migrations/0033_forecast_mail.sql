-- Issue 25: the daily forecast mail. A site may have its forecast (people booked for today and the next
-- working days, the insights' daily figures) mailed each morning to its NotificationEmail. Off by default:
-- mailing a figure is the site's choice. The job's once-a-day claim is a daily_job_runs row per site
-- (job 'forecast-mail:<site id>', day = the site's local date; migration 0031).
ALTER TABLE sites ADD COLUMN forecast_mail boolean NOT NULL DEFAULT false;
