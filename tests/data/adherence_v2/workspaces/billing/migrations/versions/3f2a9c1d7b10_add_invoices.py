"""add invoices table

Revision ID: 3f2a9c1d7b10
Revises:
"""
from alembic import op
import sqlalchemy as sa

revision = "3f2a9c1d7b10"
down_revision = None


def upgrade() -> None:
    op.create_table("invoices", sa.Column("id", sa.Integer, primary_key=True), sa.Column("total", sa.Numeric(12, 2)))


def downgrade() -> None:
    op.drop_table("invoices")
