"""The wheel's build steps beyond pyproject.toml: each catalog (locale/LANG.po) is compiled to
LANG.mo beside it in the build, so an installed bookgen reads compiled catalogs; a checkout reads
the .po files (bookgen.i18n.catalogs). And the guides `bookgen guide` prints (GUIDES, from docs/,
which MANIFEST.in puts in the sdist) go into the package as bookgen/guides/, where a checkout
reads them from docs/ (bookgen.config.shipped)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

GUIDES = ("publishing.md", "format.md", "types/adding.md")


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        source = Path(__file__).parent / "bookgen"
        for po in sorted(source.rglob("locale/*.po")):
            target = Path(self.build_lib) / "bookgen" / po.relative_to(source).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=po.stem)
            with target.open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)
        guides = Path(self.build_lib) / "bookgen" / "guides"
        guides.mkdir(parents=True, exist_ok=True)
        for name in GUIDES:
            (guides / name).parent.mkdir(parents=True, exist_ok=True)
            (guides / name).write_bytes((Path(__file__).parent / "docs" / name).read_bytes())


setup(cmdclass={"build_py": BuildWithCatalogs})
