"""Write examples/seeds/*.yaml: each seed experiment (contract/examples.py, the UI's templates) as an
experiment file for `haplab run`, thresholds included (docs/automation.md).

    .venv/bin/python dev/gen_examples.py [OUT_DIR]     # default examples/seeds/

tests/infra/test_examples_fresh.py regenerates them and fails when the committed files differ.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from backend.templates.catalog import list_templates  # noqa: E402


def file_name(template_id: str, title: str) -> str:
    return f"{template_id}-{re.sub(r'[^a-z0-9]+', '-', title.lower()).strip('-')}.yaml"


def write_examples(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for template in list_templates():
        name = file_name(template.id, template.title)
        body = {
            "name": f"seed {template.id}: {template.title}",
            "description": template.summary,
            "tags": ["seed", template.id],
            "spec": template.spec.model_dump(mode="json", by_alias=True),
        }
        rules = [rule.text() for rule in template.spec.thresholds]
        header = [
            "# yaml-language-server: $schema=../../frontend/public/schemas/experiment.schema.json",
            f"# Seed {template.id}, {template.title}: {template.summary}",
            *(["# Its conclusion as thresholds:"] + [f"#   {text}" for text in rules] if rules else []),
            f'# Run it: haplab run examples/seeds/{name} --lab "<your lab>"   (docs/automation.md)',
            "# Generated from contract/examples.py (the UI's templates) by dev/gen_examples.py.",
        ]
        path = out / name
        text = yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=1000)
        path.write_text("\n".join(header) + "\n" + text)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_examples(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "examples" / "seeds"):
        print(path)
