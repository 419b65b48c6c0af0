from sqlalchemy import text


def test_schema_built_by_alembic(db):
    tables = {r[0] for r in db.execute(text("SELECT tablename FROM pg_tables WHERE schemaname='public'"))}
    assert {"team", "run", "sample", "alembic_version"} <= tables


def test_openapi_served(client):
    r = client.get("/api/v1/openapi.json")
    assert r.status_code == 200
    assert r.json()["info"]["title"] == "haplab"
