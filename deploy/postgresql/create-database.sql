-- The role and the database Cartela uses, on PostgreSQL 15 (docs/OPERATIONS.md, "PostgreSQL"). Run as a
-- superuser (or a role with CREATEROLE and CREATEDB), the role's password in a variable:
--   sudo -u postgres psql -v password="$(cat /root/cartela-db-password)" -f deploy/postgresql/create-database.sql
-- Other names: add -v role=NAME -v database=NAME. When the role exists already (a new, empty database for a
-- restore), it is kept as it is and no password is needed. The server needs no superuser: it owns its
-- database and creates its tables itself (migrations, at start; npm run restore does the same).
\set ON_ERROR_STOP on
\if :{?role}
\else
  \set role cartela
\endif
\if :{?database}
\else
  \set database cartela
\endif

SELECT NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') AS new_role \gset
\if :new_role
  \if :{?password}
  \else
    DO $$ BEGIN RAISE EXCEPTION 'a new role needs its password: psql -v password=...'; END $$;
  \endif
  CREATE ROLE :"role" LOGIN PASSWORD :'password';
\endif
-- UTF8 whatever the cluster's default: names and notes are in Amharic too.
CREATE DATABASE :"database" OWNER :"role" ENCODING 'UTF8' TEMPLATE template0;
-- Nobody else connects to it (PostgreSQL lets every role connect to every database by default).
REVOKE CONNECT, TEMPORARY ON DATABASE :"database" FROM PUBLIC;

\echo Database :database is ready, owned by :role.
